import { SimpleGrid } from '@mantine/core';
import { useParams } from 'react-router';
import { RecordPage } from '../../components/record-page.tsx';
import { useContact } from '../../features/contacts/api/contacts-api.ts';
import { ContactInfoCard } from '../../features/contacts/components/contact-info-card.tsx';
import { contactKind } from '../../features/contacts/components/contact-kind.ts';
import { OrganizationGrantsCard } from '../../features/grants/components/organization-grants-card.tsx';
import { ContactInteractionsCard } from '../../features/interactions/components/contact-interactions-card.tsx';
import { LogInteractionButton } from '../../features/interactions/components/log-interaction-button.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { parseId } from '../../lib/parse-id.ts';
import { paths } from '../paths.ts';

export default function ContactDetailPage() {
  const id = parseId(useParams().id);
  const contact = useContact(id);
  useDocumentTitle(contact.data?.name, 'Contacts');

  return (
    <RecordPage
      id={id}
      query={contact}
      kind={contactKind}
      list={{ to: paths.contacts, label: 'Back to contacts' }}
      title={(contact) => contact.name}
      actions={(contact) => <LogInteractionButton contact={contact} />}
    >
      {(contact) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ContactInfoCard contact={contact} />
          <ContactInteractionsCard contactId={contact.id} />
          <OrganizationGrantsCard organization={contact.organization} />
        </SimpleGrid>
      )}
    </RecordPage>
  );
}
