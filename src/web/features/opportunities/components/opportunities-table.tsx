import type { Opportunity } from '../../../../domain/opportunities.ts';
import { type Column, RecordTable } from '../../../components/record-table.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { StageBadge } from './stage-badge.tsx';

const columns: Column<Opportunity>[] = [
  { header: 'Organization', cell: (o) => o.organization },
  { header: 'Amount', cell: (o) => formatMoney(o.amount), align: 'right' },
  { header: 'Stage', cell: (o) => <StageBadge stage={o.stage} /> },
  {
    header: 'Probability',
    cell: (o) => (o.probability === null ? '—' : `${o.probability}%`),
    align: 'right',
  },
  { header: 'Expected Close', cell: (o) => formatDate(o.expectedCloseDate), nowrap: true },
];

export function OpportunitiesTable({
  opportunities,
  onEdit,
  onDelete,
}: {
  opportunities: Opportunity[];
  onEdit: (opportunity: Opportunity) => void;
  onDelete: (opportunity: Opportunity) => void;
}) {
  return (
    <RecordTable
      rows={opportunities}
      title={(o) => o.name}
      columns={columns}
      href={(o) => `/opportunities/${o.id}`}
      onEdit={onEdit}
      onDelete={onDelete}
      minWidth={760}
    />
  );
}
