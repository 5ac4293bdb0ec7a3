import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cellText, toCsv } from '../../src/domain/csv.ts';

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

describe('a text written by toCsv and read back with cellText', () => {
  it('is the text it was, an apostrophe typed before a formula sign included', () => {
    const texts = ['=x', "'=x", "''+1", '+44 20 7946 0000', "'quoted'", "it's", '-', 'Plain'];
    const file = toCsv(
      ['Name'],
      texts.map((text) => [text]),
    );
    const [, ...rows] = parse(file) as string[][];
    expect(rows.map(([cell]) => cellText(cell ?? ''))).toEqual(texts);
  });
});
