import { Button } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { lazy, useEffect } from 'react';
import type { Contact, ContactSortField } from '../../../domain/contacts.ts';
import { confirmDelete } from '../../components/confirm-delete.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPanel, pageParams, useRecordDialog } from '../../components/list-page.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { notifyError, withNotice } from '../../lib/notify.ts';
import { useContacts, useDeleteContact } from './api/contacts-api.ts';
import { ContactUpload } from './components/contact-upload.tsx';
import { ContactsTable } from './components/contacts-table.tsx';

const ContactDialog = lazy(() =>
  import('./components/contact-dialog.tsx').then((m) => ({ default: m.ContactDialog })),
);

export default function ContactsPage() {
  const list = useListState<ContactSortField>();
  const contacts = useContacts(pageParams(list));
  const remove = useDeleteContact();
  const dialog = useRecordDialog<Contact>();

  // A failed load is a notice here, and the list shows as empty.
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

  const rowActions = { onEdit: dialog.openEdit, onDelete: askDelete, sorting: list };

  return (
    <>
      <PageHeader
        title="Contacts"
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={dialog.openNew}>
            Add Contact
          </Button>
        }
      />
      <ContactUpload />
      <ListPanel
        list={list}
        query={contacts}
        noun="contacts"
        icon={IconUsers}
        hint="Add your first contact, or import a CSV file."
      >
        {(rows) => <ContactsTable rows={rows} {...rowActions} />}
      </ListPanel>
      <LoadWhenOpened opened={dialog.opened}>
        <ContactDialog opened={dialog.opened} onClose={dialog.close} contact={dialog.record} />
      </LoadWhenOpened>
    </>
  );
}
