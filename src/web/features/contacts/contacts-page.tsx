import { IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ContactSortField } from '../../../domain/contacts.ts';
import { BulkListPanel } from '../../components/bulk-actions.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPage, pageParams, useListRecords } from '../../components/list-page.tsx';
import { useSelection } from '../../components/selection.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notifyError } from '../../lib/notify.ts';
import { useUrlFilter } from '../../lib/url-filters.ts';
import { contactsApi, useContacts } from './api/contacts-api.ts';
import { contactKind } from './components/contact-kind.ts';
import { ContactUpload } from './components/contact-upload.tsx';
import { ContactsTable } from './components/contacts-table.tsx';

export default function ContactsPage() {
  useDocumentTitle('Contacts');
  // A funder's or partner's contacts, when a record's page links here.
  const organization = useUrlFilter('organization');
  const list = useListState<ContactSortField>(organization.value);
  const params = { ...pageParams(list), organization: organization.value };
  const exported = { list: '/api/contacts', params };
  const contacts = useContacts(params);
  const { dialog, rowActions } = useListRecords(contactKind, list);
  const selection = useSelection(JSON.stringify([params.q, params.organization]));
  const bulkDelete = contactsApi.useBulkDelete();

  // SPEC §2.6 asks for a notice when the list fails to load, besides what the panel shows:
  // 'Contacts could not be loaded' with Try again, or the page it showed before a failed refresh.
  useEffect(() => {
    if (contacts.isError) {
      notifyError('Error loading contacts', 'Please refresh the page or try again later');
    }
  }, [contacts.isError]);

  return (
    <ListPage title="Contacts" addLabel="Add Contact" exported={exported} dialog={dialog}>
      <ContactUpload />
      <BulkListPanel
        list={list}
        query={contacts}
        noun="contacts"
        icon={IconUsers}
        hint="Add your first contact, or import a CSV file."
        filter={organization.shown(`Organization: ${organization.value}`)}
        bulk={{ selection, exported, singular: 'contact', onDelete: bulkDelete.mutateAsync }}
      >
        {(rows) => <ContactsTable rows={rows} {...rowActions} selection={selection} />}
      </BulkListPanel>
    </ListPage>
  );
}
