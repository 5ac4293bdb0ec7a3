import type { Contact, ContactSortField } from '../../../../domain/contacts.ts';
import type { SortState } from '../../../components/list-controls.tsx';
import { type Column, RecordTable } from '../../../components/record-table.tsx';

const columns: Column<Contact, ContactSortField>[] = [
  { header: 'Email', cell: (contact) => contact.email, sortField: 'email' },
  { header: 'Phone', cell: (contact) => contact.phone },
  { header: 'Organization', cell: (contact) => contact.organization, sortField: 'organization' },
];

export function ContactsTable({
  contacts,
  onEdit,
  onDelete,
  sorting,
}: {
  contacts: Contact[];
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  sorting?: SortState<ContactSortField>;
}) {
  return (
    <RecordTable
      rows={contacts}
      title={(contact) => contact.name}
      columns={columns}
      href={(contact) => `/contacts/${contact.id}`}
      onEdit={onEdit}
      onDelete={onDelete}
      sorting={sorting}
    />
  );
}
