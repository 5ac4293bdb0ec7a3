import { Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { toCsv } from '../../../../domain/csv.ts';
import { ListTable } from '../../../components/list-table.tsx';
import { SectionAction, SectionCard } from '../../../components/section-card.tsx';
import { downloadCsv } from '../../../lib/csv.ts';
import classes from './report-table.module.css';

export interface ReportColumn<Row> {
  label: string;
  /** The cell as shown. */
  show: (row: Row) => ReactNode;
  /** The cell as exported: the plain value. */
  value: (row: Row) => string | number | null;
  /** A bar under the figure, its length this share (0 to 1) of the longest. */
  bar?: (row: Row) => number;
  numeric?: boolean;
}

/**
 * A titled table of the Reports page, its figures drawn as bars where a glance says more than
 * the number, with Export CSV of exactly what it shows.
 */
export function ReportTable<Row>({
  title,
  rows,
  columns,
  rowKey,
  fileName,
  empty,
}: {
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: ReportColumn<Row>[];
  fileName: string;
  empty: string;
}) {
  const exportCsv = () =>
    downloadCsv(
      fileName,
      toCsv(
        columns.map((column) => column.label),
        rows.map((row) => columns.map((column) => column.value(row))),
      ),
    );
  return (
    <SectionCard
      title={title}
      action={
        <SectionAction
          icon={IconDownload}
          variant="default"
          onClick={exportCsv}
          disabled={rows.length === 0}
          // Each table of the page has one: a screen reader names which.
          name={`Export CSV of ${title}`}
        >
          Export CSV
        </SectionAction>
      }
    >
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        // Each card labels all its values: a report's first column (a week, a status) is a
        // figure's key, not a record's name to title the card with.
        <ListTable minWidth={480} labels={columns.map((column) => column.label)} name={title}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} style={column.numeric ? { textAlign: 'right' } : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.label}
                    style={column.numeric ? { textAlign: 'right' } : undefined}
                  >
                    {column.show(row)}
                    {column.bar && (
                      <span
                        className={classes.bar}
                        style={{ width: `${Math.round(column.bar(row) * 100)}%` }}
                        aria-hidden="true"
                      />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </ListTable>
      )}
    </SectionCard>
  );
}
