import type { Grant, GrantSortField } from '../../../../domain/grants.ts';
import {
  type Column,
  type RecordRowsProps,
  RecordTable,
} from '../../../components/record-table.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { GrantStatusBadge } from './grant-status-badge.tsx';

const columns: Column<Grant, GrantSortField>[] = [
  { header: 'Funder', cell: (grant) => grant.funder, sortField: 'funder' },
  {
    header: 'Amount',
    cell: (grant) => formatMoney(grant.amount),
    align: 'right',
    sortField: 'amount',
  },
  {
    header: 'Due Date',
    cell: (grant) => formatDate(grant.dueDate),
    nowrap: true,
    sortField: 'dueDate',
  },
  {
    header: 'Status',
    cell: (grant) => <GrantStatusBadge status={grant.status} />,
    sortField: 'status',
  },
];

export function GrantsTable(props: RecordRowsProps<Grant, GrantSortField>) {
  return (
    <RecordTable
      {...props}
      title={(grant) => grant.name}
      columns={columns}
      href={(grant) => `/grants/${grant.id}`}
      minWidth={720}
    />
  );
}
