import { IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ContactSortField } from '../../../domain/contacts.ts';
import { BulkListPanel, useRecordList } from '../../components/bulk-actions.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPage, pageParams } from '../../components/list-page.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notifyError } from '../../lib/notify.ts';
import { useUrlFilter } from '../../lib/url-filters.ts';
import { useContacts } from './api/contacts-api.ts';
import { contactKind } from './components/contact-kind.ts';
import { ContactUpload } from './components/contact-upload.tsx';
import { ContactsTable } from './components/contacts-table.tsx';

/** What the list may be sorted by, from its address (`?sort=-name`). */
const sortable = [
  'name',
  'email',
  'organization',
  'createdAt',
] as const satisfies readonly ContactSortField[];

export default function ContactsPage() {
  useDocumentTitle('Contacts');
  // A funder's or partner's contacts, when a record's page links here.
  const organization = useUrlFilter('organization');
  const list = useListState(sortable);
  const params = { ...pageParams(list), organization: organization.value };
  const contacts = useContacts(params);
  const records = useRecordList(contactKind, list, params);

  // SPEC §2.6 asks for a notice when the list fails to load, besides what the panel shows:
  // 'Contacts could not be loaded' with Try again, or the page it showed before a failed refresh.
  useEffect(() => {
    if (contacts.isError) {
      notifyError('Error loading contacts', 'Please refresh the page or try again later');
    }
  }, [contacts.isError]);

  return (
    <ListPage title="Contacts" addLabel="Add Contact" records={records}>
      <ContactUpload />
      <BulkListPanel
        {...records.panel}
        query={contacts}
        icon={IconUsers}
        hint="Add your first contact, or import a CSV file."
        filter={organization.shown(`Organization: ${organization.value}`)}
      >
        {(rows) => <ContactsTable rows={rows} {...records.rowActions} />}
      </BulkListPanel>
    </ListPage>
  );
}
