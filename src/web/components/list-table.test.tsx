import { MantineProvider, Table, VisuallyHidden } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RecordTable } from './record-table.tsx';
import { SimpleTable } from './simple-table.tsx';

const wrap = (children: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{children}</MemoryRouter>
    </MantineProvider>,
  );

/** The label each column's values carry when the table's rows are shown as cards. */
const cardLabels = () => {
  const style = screen.getByRole('table').style;
  return [1, 2, 3, 4, 5, 6].map((column) => style.getPropertyValue(`--column-${column}-label`));
};

describe('tables shown as cards on a narrow screen', () => {
  it("label each of a record's values but its name and actions with the column's header", () => {
    wrap(
      <RecordTable
        rows={[{ id: 1, name: 'Clean Water Initiative', funder: 'Hill Foundation' }]}
        title={(grant) => grant.name}
        columns={[
          { header: 'Funder', cell: (grant) => grant.funder },
          { header: 'Amount', cell: () => '$9,999,999,999', align: 'right', nowrap: true },
        ]}
        href={(grant) => `/grants/${grant.id}`}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );
    expect(cardLabels()).toEqual(['', '"Funder"', '"Amount"', '', '', '']);
    const cells = screen.getAllByRole('cell');
    expect(cells[0]?.textContent).toBe('Clean Water Initiative');
    expect(cells[3]?.querySelector('button')?.getAttribute('aria-label')).toBe(
      'Actions for Clean Water Initiative',
    );
  });

  it('label the cells of a small table with the text of their headers', () => {
    wrap(
      <SimpleTable
        minWidth={600}
        headers={[
          'Name',
          'Email',
          false,
          { label: 'Amount', align: 'right' },
          <VisuallyHidden key="cancel">Cancel</VisuallyHidden>,
        ]}
      >
        <Table.Tr>
          <Table.Td>Ada Lovelace</Table.Td>
          <Table.Td>ada@example.org</Table.Td>
          <Table.Td>$10</Table.Td>
          <Table.Td>
            <button type="button">Cancel</button>
          </Table.Td>
        </Table.Tr>
      </SimpleTable>,
    );
    expect(cardLabels()).toEqual(['', '"Email"', '"Amount"', '', '', '']);
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
  });

  it("label a small table's first cell too when asked, as its other cells", () => {
    wrap(
      <SimpleTable minWidth={600} headers={['Name', 'Funder']} labelFirst>
        <Table.Tr>
          <Table.Td>Clean Water Initiative</Table.Td>
          <Table.Td>Hill Foundation</Table.Td>
        </Table.Tr>
      </SimpleTable>,
    );
    expect(cardLabels()).toEqual(['"Name"', '"Funder"', '', '', '', '']);
  });
});
