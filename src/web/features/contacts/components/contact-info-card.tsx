import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Contact } from '../../../../domain/contacts.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

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
      <Stack gap="sm">
        {withProfileLink && <Field label="Name">{contact.name}</Field>}
        {withProfileLink && contact.organization && (
          <Field label="Organization">{contact.organization}</Field>
        )}
        <Field label="Email">
          <Anchor href={`mailto:${contact.email}`}>
            <IconMail size={14} aria-hidden="true" /> {contact.email}
          </Anchor>
        </Field>
        {contact.phone && (
          <Field label="Phone">
            <Anchor href={`tel:${contact.phone}`}>
              <IconPhone size={14} aria-hidden="true" /> {contact.phone}
            </Anchor>
          </Field>
        )}
        {!withProfileLink && contact.organization && (
          <Field label="Organization">{contact.organization}</Field>
        )}
        {contact.notes && (
          <Field label="Notes">
            <span style={{ whiteSpace: 'pre-wrap' }}>{contact.notes}</span>
          </Field>
        )}
        {withProfileLink && (
          <Button component={Link} to={`/contacts/${contact.id}`} variant="light" mt="xs">
            View Full Contact Profile
          </Button>
        )}
      </Stack>
    </Card>
  );
}
