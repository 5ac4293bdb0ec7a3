import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SortableTh, type SortState } from './list-controls.tsx';
import { ListTable } from './list-table.tsx';
import { ActionsHeader, RowActionsCell } from './row-actions.tsx';
import { SelectBox, type Selection } from './selection.tsx';

export interface Column<T, Field extends string = never> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  nowrap?: boolean;
  /** The list's sort field for this column, when the list can be sorted by it. */
  sortField?: Field;
}

/** What a page hands its list's table: the page's rows, the row actions and the sort. */
export interface RecordRowsProps<T, Field extends string> {
  rows: T[];
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  sorting?: SortState<Field> | undefined;
  /** The rows chosen for a bulk action, when the list has them. */
  selection?: Selection | undefined;
}

/**
 * A list of records: the first column is each record's name, linking to its page; a click
 * anywhere else on the row opens it too; the last column holds its Edit and Delete menu. On a
 * narrow screen each record is a card: its name, then each column as a labelled line.
 */
export function RecordTable<T extends { id: number }, Field extends string = never>({
  rows,
  title,
  columns,
  href,
  onEdit,
  onDelete,
  minWidth = 640,
  sorting,
  selection,
}: {
  rows: T[];
  /** The record's name: the link text and the actions menu's label. */
  title: (row: T) => string;
  /** The columns after the name. */
  columns: Column<T, Field>[];
  href: (row: T) => string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  minWidth?: number;
  /** Makes the headers of the name and of columns with a `sortField` sort the list. */
  sorting?: SortState<Field | 'name'>;
  /** A box before each name chooses the row for a bulk action (BulkBar). */
  selection?: Selection | undefined;
}) {
  const navigate = useNavigate();
  return (
    <ListTable minWidth={minWidth} labels={[null, ...columns.map((column) => column.header)]}>
      <thead>
        <tr>
          {sorting ? (
            <SortableTh field="name" sorting={sorting}>
              Name
            </SortableTh>
          ) : (
            <th>Name</th>
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
              <th key={column.header} style={{ textAlign: column.align }}>
                {column.header}
              </th>
            ),
          )}
          <ActionsHeader />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.id}
            onClick={(event) => {
              // The second click of a double click opens nothing: it was meant for a button that
              // went with the first (a deletion's Delete, its dialog closed over this row).
              if (event.detail > 1) return;
              navigate(href(row));
            }}
            style={{ cursor: 'pointer' }}
          >
            <td>
              <Group gap="xs" wrap="nowrap">
                {selection && (
                  <SelectBox
                    label={`Select ${title(row)}`}
                    checked={selection.has(row.id)}
                    onChange={() => selection.toggle(row.id)}
                  />
                )}
                <Anchor
                  component={Link}
                  to={href(row)}
                  fw={500}
                  onClick={(event) => event.stopPropagation()}
                >
                  {title(row)}
                </Anchor>
              </Group>
            </td>
            {columns.map((column) => (
              <td
                key={column.header}
                style={{
                  textAlign: column.align,
                  whiteSpace: column.nowrap ? 'nowrap' : undefined,
                }}
              >
                {column.cell(row)}
              </td>
            ))}
            <RowActionsCell
              label={title(row)}
              onEdit={() => onEdit(row)}
              onDelete={() => onDelete(row)}
            />
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
