import type { Opportunity, OpportunitySortField } from '../../../../domain/opportunities.ts';
import {
  type Column,
  type RecordRowsProps,
  RecordTable,
} from '../../../components/record-table.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { StageBadge } from './stage-badge.tsx';

const columns: Column<Opportunity, OpportunitySortField>[] = [
  { header: 'Organization', cell: (o) => o.organization, sortField: 'organization' },
  { header: 'Amount', cell: (o) => formatMoney(o.amount), align: 'right', sortField: 'amount' },
  { header: 'Stage', cell: (o) => <StageBadge stage={o.stage} />, sortField: 'stage' },
  {
    header: 'Probability',
    cell: (o) => (o.probability === null ? '—' : `${o.probability}%`),
    align: 'right',
    sortField: 'probability',
  },
  {
    header: 'Expected Close',
    cell: (o) => formatDate(o.expectedCloseDate),
    nowrap: true,
    sortField: 'expectedCloseDate',
  },
];

export function OpportunitiesTable(props: RecordRowsProps<Opportunity, OpportunitySortField>) {
  return (
    <RecordTable
      {...props}
      title={(o) => o.name}
      columns={columns}
      href={(o) => `/opportunities/${o.id}`}
      minWidth={760}
    />
  );
}
