import { Loader, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { grantStatusLabels } from '../../../domain/grant-constants.ts';
import { REPORT_YEARS } from '../../../domain/report-years.ts';
import type { Reports } from '../../../domain/reports.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailed } from '../../components/query-states.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { formatDay, formatMoney } from '../../lib/format.ts';
import { useReports } from './api/reports-api.ts';
import { type ReportColumn, ReportTable } from './components/report-table.tsx';

const monthNames = Array.from({ length: 12 }, (_, i) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, i, 1)),
  ),
);

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** A share of the largest value, for a bar (0 when all are 0). */
const shareOf = (values: number[]) => {
  const largest = Math.max(0, ...values);
  return (value: number) => (largest === 0 ? 0 : value / largest);
};

/** A column of dollars, shown as money and written as the number, with its bar. */
const moneyColumn = <Row,>(
  label: string,
  amount: (row: Row) => number,
  share: (amount: number) => number,
): ReportColumn<Row> => ({
  label,
  numeric: true,
  show: (row) => formatMoney(amount(row)),
  value: amount,
  bar: (row) => share(amount(row)),
});

/** A column that names the row (a year, a funder): shown and written alike. */
const nameColumn = <Row,>(
  label: string,
  name: (row: Row) => string | number,
): ReportColumn<Row> => ({
  label,
  show: name,
  value: name,
});

type Totals = { requested: number; awarded: number };
/**
 * Requested and awarded columns, each with its bar against the table's largest amount of
 * either (an award may be larger than what was asked: its bar stays in its cell).
 */
function moneyColumns<Row extends Totals>(rows: Row[]): ReportColumn<Row>[] {
  const share = shareOf(rows.flatMap((row) => [row.requested, row.awarded]));
  return [
    moneyColumn('Requested', (row) => row.requested, share),
    moneyColumn('Awarded', (row) => row.awarded, share),
  ];
}

type Week = Reports['deadlinesByWeek'][number];
type Month = Reports['awardedByMonth'][number];

/** A column of whole numbers, shown as they are and written as they are. */
const countColumn = <Row,>(
  label: string,
  count: (row: Row) => number,
  bar?: (row: Row) => number,
): ReportColumn<Row> => ({ label, numeric: true, show: count, value: count, bar });

type Decided = { awardedCount: number; decidedCount: number; winRate: number | null };
const winColumns = <Row extends Decided>(): ReportColumn<Row>[] => [
  countColumn('Decided', (row) => row.decidedCount),
  {
    label: 'Win rate',
    numeric: true,
    show: (row) => percent(row.winRate),
    value: (row) => (row.winRate === null ? null : Math.round(row.winRate * 1000) / 10),
    bar: (row) => row.winRate ?? 0,
  },
];

/** How the year is going: what was asked for and won, by whom and when, and what is due next. */
export default function ReportsPage() {
  useDocumentTitle('Reports');
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const chosen =
    Number.isInteger(asked) && asked >= REPORT_YEARS.first && asked <= REPORT_YEARS.last
      ? asked
      : undefined;
  // None chosen: the year it is where the organization is, which may not be the browser's on
  // New Year's Eve (the server answers with it).
  const reports = useReports(chosen);
  const data = reports.data;
  const year = chosen ?? data?.year;
  // The organization's year stays a choice, with grants due in it or not.
  const thisYear = data?.thisYear;

  const years = [...new Set([year, thisYear, ...(data?.byYear.map((row) => row.year) ?? [])])]
    .filter((each) => each !== undefined)
    .sort((a, b) => b - a);

  return (
    <>
      <PageHeader
        title="Reports"
        description="Requested and awarded amounts, win rates and the deadlines ahead."
        actions={
          <NativeSelect
            aria-label="Year"
            value={year === undefined ? '' : String(year)}
            onChange={(event) => setParams({ year: event.currentTarget.value })}
            data={years.map(String)}
          />
        }
      />
      {reports.isPending ? (
        <Loader aria-label="Loading the reports" />
      ) : !data ? (
        <LoadFailed
          what="The reports"
          error={reports.error}
          onRetry={() => void reports.refetch()}
        />
      ) : (
        <ReportTables data={data} />
      )}
    </>
  );
}

/**
 * The rows of a table whose rows are there whatever the data (every month, week or status), or
 * none when not one of them has anything: the table then says it is empty.
 */
const unlessAllEmpty = <Row,>(rows: Row[], hasSome: (row: Row) => boolean) =>
  rows.some(hasSome) ? rows : [];

function ReportTables({ data }: { data: Reports }) {
  const monthShare = shareOf(data.awardedByMonth.map((row) => row.awarded));
  const weekShare = shareOf(
    data.deadlinesByWeek.map((row) => row.grants + row.tasks + row.requirements),
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ReportTable
          title={`Awarded in ${data.year} by Month`}
          fileName={`awarded-by-month-${data.year}.csv`}
          empty="Nothing awarded yet"
          rows={unlessAllEmpty(data.awardedByMonth, (row) => row.awarded > 0)}
          rowKey={(row) => row.month}
          columns={[
            {
              label: 'Month',
              show: (row) => monthNames[row.month - 1],
              value: (row) => monthNames[row.month - 1] ?? null,
            },
            moneyColumn('Awarded', (row: Month) => row.awarded, monthShare),
          ]}
        />
        <ReportTable
          title="Deadlines by Week"
          fileName="deadlines-by-week.csv"
          empty="No deadlines ahead"
          rows={unlessAllEmpty(
            data.deadlinesByWeek,
            (row) => row.grants + row.tasks + row.requirements > 0,
          )}
          rowKey={(row) => row.weekStart}
          columns={[
            {
              label: 'Week of',
              // A day (its Monday), the same wherever the page is read: east of UTC+12, noon UTC
              // is already Tuesday.
              show: (row) => formatDay(`${row.weekStart}T12:00:00Z`),
              value: (row) => row.weekStart,
            },
            countColumn('Grants', (row: Week) => row.grants),
            countColumn('Tasks', (row: Week) => row.tasks),
            countColumn(
              'Requirements',
              (row: Week) => row.requirements,
              (row) => weekShare(row.grants + row.tasks + row.requirements),
            ),
          ]}
        />
      </SimpleGrid>
      <ReportTable
        title="Grants by Status"
        fileName="grants-by-status.csv"
        empty="No grants yet"
        rows={unlessAllEmpty(data.byStatus, (row) => row.count > 0)}
        rowKey={(row) => row.status}
        columns={[
          nameColumn('Status', (row: Reports['byStatus'][number]) => grantStatusLabels[row.status]),
          countColumn('Grants', (row: Reports['byStatus'][number]) => row.count),
          ...moneyColumns(data.byStatus),
        ]}
      />
      <WinRateTable
        title="By Year Due"
        fileName="grants-by-year-due.csv"
        label="Year due"
        rows={data.byYear}
        name={(row) => row.year}
      />
      <WinRateTable
        title="Win Rate by Funder"
        fileName="win-rate-by-funder.csv"
        label="Funder"
        rows={data.byFunder}
        name={(row) => row.funder}
      />
    </Stack>
  );
}

/** Grants by what `name` reads off each row (a year, a funder): their totals and win rate. */
function WinRateTable<Row extends Totals & Decided>({
  title,
  fileName,
  label,
  rows,
  name,
}: {
  title: string;
  fileName: string;
  /** The heading of the column `name` fills: 'Year'. */
  label: string;
  rows: Row[];
  name: (row: Row) => string | number;
}) {
  return (
    <ReportTable
      title={title}
      fileName={fileName}
      empty="No grants yet"
      rows={rows}
      rowKey={name}
      columns={[nameColumn(label, name), ...moneyColumns(rows), ...winColumns<Row>()]}
    />
  );
}
