import { SimpleGrid, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { BackLink, LoadingText, NotFoundText } from '../../components/detail-states.tsx';
import { useContact } from '../../features/contacts/api/contacts-api.ts';
import { ContactInfoCard } from '../../features/contacts/components/contact-info-card.tsx';
import { OrganizationGrantsCard } from '../../features/grants/components/organization-grants-card.tsx';
import { ContactInteractionsCard } from '../../features/interactions/components/contact-interactions-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { paths } from '../paths.ts';
import { parseId } from './parse-id.ts';

export default function ContactDetailPage() {
  const id = parseId(useParams().id);
  const contact = useContact(id);

  return (
    <>
      <BackLink to={paths.contacts}>Back to contacts</BackLink>
      {id === null || contact.data === null ? (
        <NotFoundText>Contact not found</NotFoundText>
      ) : contact.isPending ? (
        <LoadingText />
      ) : contact.isError ? (
        <Text c="red" role="alert">
          {errorMessage(contact.error)}
        </Text>
      ) : (
        <>
          <Title order={1} size="h2" mb="lg">
            {contact.data.name}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ContactInfoCard contact={contact.data} />
            <ContactInteractionsCard contactId={contact.data.id} />
            <OrganizationGrantsCard organization={contact.data.organization} />
          </SimpleGrid>
        </>
      )}
    </>
  );
}
