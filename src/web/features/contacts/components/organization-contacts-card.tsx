import { Anchor, Group, Stack, UnstyledButton } from '@mantine/core';
import { lazy } from 'react';
import { Link } from 'react-router';
import { OPENS_DETAILS, RELATED_SHOWN, RelatedCard } from '../../../components/related-card.tsx';
import { withQuery } from '../../../lib/api-client.ts';
import { useContacts } from '../api/contacts-api.ts';

const ContactDetailsDialog = lazy(() =>
  import('./contact-details-dialog.tsx').then((m) => ({ default: m.ContactDetailsDialog })),
);

/**
 * The contacts whose organization is exactly `organization` (SPEC §1): the first few, and a
 * link to the contacts list filtered to that organization. Each name links to the contact's
 * page, or with `openInDialog` opens a 'Contact Details' dialog (SPEC §2.14).
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
  const contacts = useContacts({ organization, limit: RELATED_SHOWN });
  return (
    <RelatedCard
      title={title}
      query={contacts}
      noun="contacts"
      empty={`No contacts at ${organization}.`}
      viewAll={withQuery('/contacts', { organization })}
      details={ContactDetailsDialog}
    >
      {(items, openDetails) => (
        <Stack gap="sm">
          {items.map((contact) => (
            <div key={contact.id}>
              {openInDialog ? (
                <UnstyledButton
                  onClick={() => openDetails(contact)}
                  fw={500}
                  c="cyan.9"
                  {...{ [OPENS_DETAILS]: true }}
                >
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
    </RelatedCard>
  );
}
