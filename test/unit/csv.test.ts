import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/domain/csv.ts';

describe('toCsv', () => {
  it('quotes what needs quoting and keeps numbers as numbers', () => {
    expect(
      toCsv(
        ['Funder', 'Awarded'],
        [
          ['Hill, "the" Trust', 40000],
          ['River\nTrust', -5],
          [null, 0],
        ],
      ),
    ).toBe('Funder,Awarded\r\n"Hill, ""the"" Trust",40000\r\n"River\nTrust",-5\r\n,0\r\n');
  });

  it('writes text a spreadsheet would run as a formula as plain text', () => {
    for (const value of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      const [, line] = toCsv(['Name'], [[value]]).split('\r\n');
      expect(line?.replace(/^"|"$/g, '').startsWith("'"), value).toBe(true);
    }
    expect(toCsv(['Name'], [['Plain']])).toBe('Name\r\nPlain\r\n');
  });
});
