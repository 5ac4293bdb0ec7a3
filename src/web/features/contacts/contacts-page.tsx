import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { lazy, useEffect, useState } from 'react';
import type { Contact, ContactSortField } from '../../../domain/contacts.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { ListFooter, PAGE_SIZE, SearchBox, useListState } from '../../components/list-controls.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { notifyError, withNotice } from '../../lib/notify.ts';
import { useContacts, useDeleteContact } from './api/contacts-api.ts';
import { ContactUpload } from './components/contact-upload.tsx';
import { ContactsTable } from './components/contacts-table.tsx';

const ContactDialog = lazy(() =>
  import('./components/contact-dialog.tsx').then((m) => ({ default: m.ContactDialog })),
);

type Dialog = { mode: 'create' } | { mode: 'edit'; contact: Contact } | null;

export default function ContactsPage() {
  const list = useListState<ContactSortField>();
  const contacts = useContacts({
    q: list.q,
    sort: list.sort,
    limit: PAGE_SIZE,
    offset: list.offset,
  });
  const remove = useDeleteContact();
  const [dialog, setDialog] = useState<Dialog>(null);

  useEffect(() => {
    if (contacts.isError) {
      notifyError('Error loading contacts', 'Please refresh the page or try again later');
    }
  }, [contacts.isError]);

  const askDelete = (contact: Contact) =>
    confirmDelete({
      title: 'Delete contact',
      message: `Delete ${contact.name}? Their interactions will be deleted too. This cannot be undone.`,
      onConfirm: () =>
        withNotice(() => remove.mutateAsync(contact.id), 'Contact deleted successfully'),
    });

  const page = contacts.data;
  return (
    <>
      <PageHeader
        title="Contacts"
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setDialog({ mode: 'create' })}
          >
            Add Contact
          </Button>
        }
      />
      <ContactUpload />
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <SearchBox value={list.search} onChange={list.setSearch} label="Search contacts" />
          {contacts.isFetching && <Loader size="xs" aria-label="Refreshing" />}
        </Group>
        {contacts.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading contacts" />
          </Center>
        ) : page && page.items.length > 0 ? (
          <>
            <ContactsTable
              contacts={page.items}
              onEdit={(contact) => setDialog({ mode: 'edit', contact })}
              onDelete={askDelete}
              sorting={list}
            />
            <ListFooter total={page.total} page={list.page} onPage={list.setPage} />
          </>
        ) : (
          <Stack align="center" py="xl" gap="xs">
            <IconUsers size={32} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text fw={500}>{list.q ? 'No contacts match your search' : 'No contacts yet'}</Text>
            {!list.q && (
              <Text size="sm" c="dimmed">
                Add your first contact, or import a CSV file.
              </Text>
            )}
          </Stack>
        )}
      </Paper>
      <LoadWhenOpened opened={dialog !== null}>
        <ContactDialog
          opened={dialog !== null}
          onClose={() => setDialog(null)}
          contact={dialog?.mode === 'edit' ? dialog.contact : undefined}
        />
      </LoadWhenOpened>
    </>
  );
}
