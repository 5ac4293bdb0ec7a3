import { SimpleGrid } from '@mantine/core';
import { RecordPage } from '../../components/record-page.tsx';
import { RecordHistory } from '../../features/activity/components/record-history.tsx';
import { contactsApi } from '../../features/contacts/api/contacts-api.ts';
import { ContactInfoCard } from '../../features/contacts/components/contact-info-card.tsx';
import { OrganizationGrantsCard } from '../../features/grants/components/organization-grants-card.tsx';
import { InteractionInfoCard } from '../../features/interactions/components/interaction-info-card.tsx';
import { interactionKind } from '../../features/interactions/components/interaction-kind.ts';
import { interactionTitle } from '../../features/interactions/components/interaction-type.tsx';

/** The interaction's contact, and their organization's grants, once the contact has loaded. */
function ContactCards({ contactId }: { contactId: number }) {
  const contact = contactsApi.useOne(contactId).data;
  if (!contact) return null;
  return (
    <>
      <ContactInfoCard contact={contact} withProfileLink />
      <OrganizationGrantsCard organization={contact.organization} />
    </>
  );
}

export default function InteractionDetailPage() {
  return (
    <RecordPage kind={interactionKind} title={interactionTitle} heading="Interaction Details">
      {(interaction) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <InteractionInfoCard interaction={interaction} />
          <ContactCards contactId={interaction.contactId} />
          <RecordHistory entity="interaction" id={interaction.id} />
        </SimpleGrid>
      )}
    </RecordPage>
  );
}
