import { Button } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { Contact, ContactSortField } from '../../../domain/contacts.ts';
import { useListState } from '../../components/list-controls.tsx';
import { ListPanel, pageParams, useRecordDialog } from '../../components/list-page.tsx';
import { LoadWhenOpened } from '../../components/load-when-opened.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notifyError } from '../../lib/notify.ts';
import { useUrlFilter } from '../../lib/url-filters.ts';
import { useContacts } from './api/contacts-api.ts';
import { contactActions } from './components/contact-actions.ts';
import { ContactUpload } from './components/contact-upload.tsx';
import { ContactsTable } from './components/contacts-table.tsx';

export default function ContactsPage() {
  useDocumentTitle('Contacts');
  // A funder's or partner's contacts, when a record's page links here.
  const organization = useUrlFilter('organization');
  const list = useListState<ContactSortField>(organization.value);
  const contacts = useContacts({ ...pageParams(list), organization: organization.value });
  const deletion = contactActions.useDeletion();
  const dialog = useRecordDialog<Contact>();

  // SPEC §2.6 asks for a notice when the list fails to load, besides what the panel shows:
  // 'Contacts could not be loaded' with Try again, or the page it showed before a failed refresh.
  useEffect(() => {
    if (contacts.isError) {
      notifyError('Error loading contacts', 'Please refresh the page or try again later');
    }
  }, [contacts.isError]);

  const rowActions = { onEdit: dialog.openEdit, onDelete: deletion.ask, sorting: list };

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
        filter={organization.shown(`Organization: ${organization.value}`)}
      >
        {(rows) => <ContactsTable rows={rows} {...rowActions} />}
      </ListPanel>
      <LoadWhenOpened opened={dialog.opened}>
        <contactActions.Dialog
          opened={dialog.opened}
          onClose={dialog.close}
          contact={dialog.record}
        />
      </LoadWhenOpened>
    </>
  );
}
