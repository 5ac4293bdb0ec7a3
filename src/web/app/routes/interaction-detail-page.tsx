import { SimpleGrid, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { BackLink, RecordStates } from '../../components/detail-states.tsx';
import { useContact } from '../../features/contacts/api/contacts-api.ts';
import { ContactInfoCard } from '../../features/contacts/components/contact-info-card.tsx';
import { OrganizationGrantsCard } from '../../features/grants/components/organization-grants-card.tsx';
import { useInteraction } from '../../features/interactions/api/interactions-api.ts';
import { InteractionInfoCard } from '../../features/interactions/components/interaction-info-card.tsx';
import { paths } from '../paths.ts';
import { parseId } from './parse-id.ts';

export default function InteractionDetailPage() {
  const id = parseId(useParams().id);
  const interaction = useInteraction(id);
  const contactId = interaction.data?.contactId;
  const contact = useContact(contactId ?? null);

  return (
    <>
      <BackLink to={paths.interactions}>Back to interactions</BackLink>
      <Title order={1} size="h2" mb="lg">
        Interaction Details
      </Title>
      <RecordStates id={id} query={interaction} noun="interaction">
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <InteractionInfoCard interaction={data} />
            {contact.data && <ContactInfoCard contact={contact.data} withProfileLink />}
            {contact.data && <OrganizationGrantsCard organization={contact.data.organization} />}
          </SimpleGrid>
        )}
      </RecordStates>
    </>
  );
}
