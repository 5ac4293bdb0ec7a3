import { Anchor, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SortableTh, type SortState } from './list-controls.tsx';
import { RowActions } from './row-actions.tsx';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  nowrap?: boolean;
  /** The list's sort field for this column, when the list can be sorted by it. */
  sortField?: string;
}

/**
 * A list of records: the first column is each record's name, linking to its page; a click
 * anywhere else on the row opens it too; the last column holds its Edit and Delete menu.
 */
export function RecordTable<T extends { id: number }>({
  rows,
  title,
  columns,
  href,
  onEdit,
  onDelete,
  minWidth = 640,
  sorting,
}: {
  rows: T[];
  /** The record's name: the link text and the actions menu's label. */
  title: (row: T) => string;
  /** The columns after the name. */
  columns: Column<T>[];
  href: (row: T) => string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  minWidth?: number;
  /** Makes the headers of the name and of columns with a `sortField` sort the list. */
  sorting?: SortState;
}) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {sorting ? (
              <SortableTh field="name" sorting={sorting}>
                Name
              </SortableTh>
            ) : (
              <Table.Th>Name</Table.Th>
            )}
            {columns.map((column) =>
              sorting && column.sortField ? (
                <SortableTh
                  key={column.header}
                  field={column.sortField}
                  sorting={sorting}
                  align={column.align}
                >
                  {column.header}
                </SortableTh>
              ) : (
                <Table.Th key={column.header} ta={column.align}>
                  {column.header}
                </Table.Th>
              ),
            )}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              onClick={() => navigate(href(row))}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={href(row)}
                  fw={500}
                  onClick={(event) => event.stopPropagation()}
                >
                  {title(row)}
                </Anchor>
              </Table.Td>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.align}
                  style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
              <Table.Td w={48}>
                <RowActions
                  label={title(row)}
                  onEdit={() => onEdit(row)}
                  onDelete={() => onDelete(row)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
