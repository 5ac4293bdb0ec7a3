import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column header; a right-aligned one says so. */
export type Header = ReactNode | { label: ReactNode; align: 'right' };

const isAligned = (header: Header): header is { label: ReactNode; align: 'right' } =>
  typeof header === 'object' && header !== null && 'align' in header;

/**
 * A small table in a card or dialog: scrolls sideways below `minWidth`, a header row of
 * `headers` (a `false` one is left out), and the rows (`children`).
 */
export function SimpleTable({
  minWidth,
  spacing = 'sm',
  headers,
  children,
}: {
  minWidth: number;
  spacing?: 'xs' | 'sm';
  headers: Header[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={spacing}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) =>
              header === false ? null : isAligned(header) ? (
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
    </Table.ScrollContainer>
  );
}
