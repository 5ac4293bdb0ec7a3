import { Anchor, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import type { Contact } from '../../../../domain/contacts.ts';
import { LoadWhenOpened } from '../../../components/load-when-opened.tsx';
import { useContacts } from '../api/contacts-api.ts';

const SHOWN = 50;

const ContactDetailsDialog = lazy(() =>
  import('./contact-details-dialog.tsx').then((m) => ({ default: m.ContactDetailsDialog })),
);

/**
 * The contacts whose organization is exactly `organization` (SPEC §1). Each name links to the
 * contact's page, or with `openInDialog` opens a 'Contact Details' dialog (SPEC §2.14).
 */
export function OrganizationContactsCard({
  organization,
  title = 'Organization Contacts',
  openInDialog = false,
}: {
  organization: string;
  title?: string;
  openInDialog?: boolean;
}) {
  const contacts = useContacts({ organization, limit: SHOWN });
  const [open, setOpen] = useState<Contact | null>(null);
  const items = contacts.data?.items ?? [];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {contacts.isPending ? (
        <Loader size="sm" aria-label="Loading contacts" />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          No contacts at {organization}.
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((contact) => (
            <div key={contact.id}>
              {openInDialog ? (
                <UnstyledButton onClick={() => setOpen(contact)} fw={500} c="cyan.9">
                  {contact.name}
                </UnstyledButton>
              ) : (
                <Anchor component={Link} to={`/contacts/${contact.id}`} fw={500}>
                  {contact.name}
                </Anchor>
              )}
              <Group gap="md">
                <Anchor href={`mailto:${contact.email}`} size="sm">
                  {contact.email}
                </Anchor>
                {contact.phone && (
                  <Anchor href={`tel:${contact.phone}`} size="sm">
                    {contact.phone}
                  </Anchor>
                )}
              </Group>
            </div>
          ))}
        </Stack>
      )}
      <LoadWhenOpened opened={open !== null}>
        <ContactDetailsDialog record={open} onClose={() => setOpen(null)} />
      </LoadWhenOpened>
    </Card>
  );
}
