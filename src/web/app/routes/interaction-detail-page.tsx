import { SimpleGrid } from '@mantine/core';
import { useParams } from 'react-router';
import { RecordPage } from '../../components/record-page.tsx';
import { useContact } from '../../features/contacts/api/contacts-api.ts';
import { ContactInfoCard } from '../../features/contacts/components/contact-info-card.tsx';
import { OrganizationGrantsCard } from '../../features/grants/components/organization-grants-card.tsx';
import { useInteraction } from '../../features/interactions/api/interactions-api.ts';
import { InteractionInfoCard } from '../../features/interactions/components/interaction-info-card.tsx';
import { interactionKind } from '../../features/interactions/components/interaction-kind.ts';
import { interactionTitle } from '../../features/interactions/components/interaction-type.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { parseId } from '../../lib/parse-id.ts';
import { paths } from '../paths.ts';

export default function InteractionDetailPage() {
  const id = parseId(useParams().id);
  const interaction = useInteraction(id);
  useDocumentTitle(interaction.data && interactionTitle(interaction.data), 'Interactions');
  const contact = useContact(interaction.data?.contactId ?? null);

  return (
    <RecordPage
      id={id}
      query={interaction}
      kind={interactionKind}
      list={{ to: paths.interactions, label: 'Back to interactions' }}
      title={() => 'Interaction Details'}
    >
      {(record) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <InteractionInfoCard interaction={record} />
          {contact.data && <ContactInfoCard contact={contact.data} withProfileLink />}
          {contact.data && <OrganizationGrantsCard organization={contact.data.organization} />}
        </SimpleGrid>
      )}
    </RecordPage>
  );
}
