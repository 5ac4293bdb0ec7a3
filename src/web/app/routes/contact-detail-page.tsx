import { SimpleGrid } from '@mantine/core';
import { RecordPage } from '../../components/record-page.tsx';
import { RecordHistory } from '../../features/activity/components/record-history.tsx';
import { ContactInfoCard } from '../../features/contacts/components/contact-info-card.tsx';
import { contactKind } from '../../features/contacts/components/contact-kind.ts';
import { OrganizationGrantsCard } from '../../features/grants/components/organization-grants-card.tsx';
import { ContactInteractionsCard } from '../../features/interactions/components/contact-interactions-card.tsx';
import { LogInteractionButton } from '../../features/interactions/components/log-interaction-button.tsx';

export default function ContactDetailPage() {
  return (
    <RecordPage
      kind={contactKind}
      title={(contact) => contact.name}
      actions={(contact) => <LogInteractionButton contact={contact} />}
    >
      {(contact) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ContactInfoCard contact={contact} />
          <ContactInteractionsCard contactId={contact.id} />
          <OrganizationGrantsCard organization={contact.organization} />
          <RecordHistory entity="contact" id={contact.id} />
        </SimpleGrid>
      )}
    </RecordPage>
  );
}
