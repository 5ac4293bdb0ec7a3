import type { Grant } from '../../../../domain/grants.ts';
import { type Column, RecordTable } from '../../../components/record-table.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { GrantStatusBadge } from './grant-status-badge.tsx';

const columns: Column<Grant>[] = [
  { header: 'Funder', cell: (grant) => grant.funder },
  { header: 'Amount', cell: (grant) => formatMoney(grant.amount), align: 'right' },
  { header: 'Due Date', cell: (grant) => formatDate(grant.dueDate), nowrap: true },
  { header: 'Status', cell: (grant) => <GrantStatusBadge status={grant.status} /> },
];

export function GrantsTable({
  grants,
  onEdit,
  onDelete,
}: {
  grants: Grant[];
  onEdit: (grant: Grant) => void;
  onDelete: (grant: Grant) => void;
}) {
  return (
    <RecordTable
      rows={grants}
      title={(grant) => grant.name}
      columns={columns}
      href={(grant) => `/grants/${grant.id}`}
      onEdit={onEdit}
      onDelete={onDelete}
      minWidth={720}
    />
  );
}
