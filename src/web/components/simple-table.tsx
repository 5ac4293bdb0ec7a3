import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ColumnLabels, stackingClass, stackingStyle, tableClasses } from './list-table.tsx';

/** A column header; a right-aligned one says so. */
type Header = ReactNode | { label: ReactNode; align: 'right' };

const isAligned = (header: Header): header is { label: ReactNode; align: 'right' } =>
  typeof header === 'object' && header !== null && 'align' in header;

/** What a column's values are called on a card: its header when that is plain text. */
const labelOf = (header: Header) => {
  const label = isAligned(header) ? header.label : header;
  return typeof label === 'string' ? label : null;
};

/**
 * A small table in a card or dialog: a header row of `headers` (a `false` one is left out) and
 * the rows (`children`), at least `minWidth` wide. In a narrower box each row becomes a card:
 * the first cell as its title (with `labelFirst`, a line like the others), each other cell on a
 * line of its own after its header's text.
 */
export function SimpleTable({
  minWidth,
  spacing = 'sm',
  headers,
  labelFirst = false,
  children,
}: {
  minWidth: number;
  spacing?: 'xs' | 'sm';
  headers: Header[];
  labelFirst?: boolean;
  children: ReactNode;
}) {
  const shown = headers.filter((header) => header !== false);
  const labels: ColumnLabels = shown.map((header, index) =>
    index === 0 && !labelFirst ? null : labelOf(header),
  );
  return (
    <div className={tableClasses.scroll}>
      <Table
        verticalSpacing={spacing}
        className={stackingClass(labels)}
        style={stackingStyle(minWidth, labels)}
      >
        <Table.Thead>
          <Table.Tr>
            {shown.map((header, index) =>
              isAligned(header) ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the headers are fixed
                <Table.Th key={index} ta={header.align}>
                  {header.label}
                </Table.Th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the headers are fixed
                <Table.Th key={index}>{header}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}
