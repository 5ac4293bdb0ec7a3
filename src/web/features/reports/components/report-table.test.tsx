import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportTable } from './report-table.tsx';

describe("a report's table shown as cards", () => {
  it('labels every value of a row, its first one too', () => {
    render(
      <MantineProvider>
        <ReportTable
          title="Deadlines by Week"
          fileName="deadlines-by-week.csv"
          empty="No deadlines ahead"
          rows={[{ week: 'March 2, 2026', grants: 3 }]}
          rowKey={(row) => row.week}
          columns={[
            { label: 'Week of', show: (row) => row.week, value: (row) => row.week },
            { label: 'Grants', show: (row) => row.grants, value: (row) => row.grants },
          ]}
        />
      </MantineProvider>,
    );
    const style = screen.getByRole('table').style;
    expect(style.getPropertyValue('--column-1-label')).toBe('"Week of"');
    expect(style.getPropertyValue('--column-2-label')).toBe('"Grants"');
  });
});
