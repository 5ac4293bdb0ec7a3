import { describe, expect, it } from 'vitest';
import { grantChoices } from './grant-choices.ts';

const grant = (id: number, name: string, funder: string, dueDate = '2027-05-01T12:00:00.000Z') => ({
  id,
  name,
  funder,
  dueDate,
});

describe('grantChoices', () => {
  it('names each grant, telling apart those of one name by funder, then by due date', () => {
    expect(
      grantChoices([
        grant(1, 'Library Roof', 'Hill Trust'),
        grant(2, 'Parks Cleanup', 'River Trust'),
        grant(3, 'Parks Cleanup', 'City Fund'),
        grant(4, 'Youth Arts', 'Hill Trust', '2026-05-01T12:00:00.000Z'),
        grant(5, 'Youth Arts', 'Hill Trust', '2027-05-01T12:00:00.000Z'),
      ]).map((choice) => choice.label),
    ).toEqual([
      'Library Roof',
      'Parks Cleanup · River Trust',
      'Parks Cleanup · City Fund',
      'Youth Arts · Hill Trust, due May 1, 2026',
      'Youth Arts · Hill Trust, due May 1, 2027',
    ]);
  });
});
