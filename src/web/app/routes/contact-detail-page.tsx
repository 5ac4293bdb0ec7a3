import { SimpleGrid, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { BackLink, RecordStates } from '../../components/detail-states.tsx';
import { useContact } from '../../features/contacts/api/contacts-api.ts';
import { ContactInfoCard } from '../../features/contacts/components/contact-info-card.tsx';
import { OrganizationGrantsCard } from '../../features/grants/components/organization-grants-card.tsx';
import { ContactInteractionsCard } from '../../features/interactions/components/contact-interactions-card.tsx';
import { paths } from '../paths.ts';
import { parseId } from './parse-id.ts';

export default function ContactDetailPage() {
  const id = parseId(useParams().id);
  const contact = useContact(id);

  return (
    <>
      <BackLink to={paths.contacts}>Back to contacts</BackLink>
      <RecordStates id={id} query={contact} noun="contact">
        {(data) => (
          <>
            <Title order={1} size="h2" mb="lg">
              {data.name}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <ContactInfoCard contact={data} />
              <ContactInteractionsCard contactId={data.id} />
              <OrganizationGrantsCard organization={data.organization} />
            </SimpleGrid>
          </>
        )}
      </RecordStates>
    </>
  );
}
