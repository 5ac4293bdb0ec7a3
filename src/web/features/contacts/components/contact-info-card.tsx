import { Anchor, Button, Card, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Contact } from '../../../../domain/contacts.ts';
import { Detail, DetailsList, NotesDetail } from '../../../components/details-list.tsx';
import { FunderLink } from '../../funders/components/funder-link.tsx';

/**
 * A contact's details, each shown when present. On other records' pages it names the contact
 * and links to their full profile.
 */
export function ContactInfoCard({
  contact,
  title = 'Contact Information',
  withProfileLink = false,
}: {
  contact: Contact;
  title?: string;
  withProfileLink?: boolean;
}) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <DetailsList>
        {withProfileLink && <Detail label="Name">{contact.name}</Detail>}
        {withProfileLink && contact.organization && (
          <Detail label="Organization">
            <FunderLink name={contact.organization} />
          </Detail>
        )}
        <Detail label="Email">
          <Anchor href={`mailto:${contact.email}`}>
            <IconMail size={14} aria-hidden="true" /> {contact.email}
          </Anchor>
        </Detail>
        {contact.phone && (
          <Detail label="Phone">
            <Anchor href={`tel:${contact.phone}`}>
              <IconPhone size={14} aria-hidden="true" /> {contact.phone}
            </Anchor>
          </Detail>
        )}
        {!withProfileLink && contact.organization && (
          <Detail label="Organization">
            <FunderLink name={contact.organization} />
          </Detail>
        )}
        <NotesDetail notes={contact.notes} />
        {withProfileLink && (
          <Button component={Link} to={`/contacts/${contact.id}`} variant="light" mt="xs">
            View Full Contact Profile
          </Button>
        )}
      </DetailsList>
    </Card>
  );
}
