import type { Contact, ContactSortField } from '../../../../domain/contacts.ts';
import {
  type Column,
  type RecordRowsProps,
  RecordTable,
} from '../../../components/record-table.tsx';

const columns: Column<Contact, ContactSortField>[] = [
  { header: 'Email', cell: (contact) => contact.email, sortField: 'email' },
  { header: 'Phone', cell: (contact) => contact.phone },
  { header: 'Organization', cell: (contact) => contact.organization, sortField: 'organization' },
];

export function ContactsTable(props: RecordRowsProps<Contact, ContactSortField>) {
  return (
    <RecordTable
      {...props}
      title={(contact) => contact.name}
      columns={columns}
      href={(contact) => `/contacts/${contact.id}`}
    />
  );
}
