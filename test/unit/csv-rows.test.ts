import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/server/lib/csv-import.ts';
import { contactBatches } from '../../src/server/modules/contacts/contacts-csv.ts';

/** The contacts a file's rows make, and the report of the rows left out. */
async function read(text: string) {
  const report: ImportReport = { skipped: 0, errors: [] };
  const names: string[] = [];
  for await (const batch of contactBatches([Buffer.from(text)], report)) {
    names.push(...batch.values.map((contact) => contact.name));
  }
  return { names, report };
}

describe('reading an import file row by row', () => {
  it('reads rows shorter than the header, and leaves error stacks as they were', async () => {
    const limit = Error.stackTraceLimit;
    const { names, report } = await read(
      'name,email,phone\nAda Lovelace,ada@example.org\nno email\nBob Ross,bob@example.org,555 0100\n',
    );
    expect(names).toEqual(['Ada Lovelace', 'Bob Ross']);
    expect(report).toMatchObject({ skipped: 1, errors: [{ row: 3 }] });
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('after').stack?.split('\n').length).toBeGreaterThan(1);
  });

  it('ends a row at any line break, whichever the first row ends with', async () => {
    for (const file of [
      'name,email,notes\r\nAnn,ann@x.org,hi\nBen,ben@x.org,yo\n',
      'name,email,phone,organization,notes\r\nAnn,ann@x.org,,,\r\nBen,ben@x.org,,,\nCy,cy@x.org,,,\n',
      'name,email\nAnn,ann@x.org\rBen,ben@x.org\r',
      'name,email\rAnn,ann@x.org\r\nBen,ben@x.org',
    ]) {
      const { names, report } = await read(file);
      expect(names.slice(0, 2), JSON.stringify(file)).toEqual(['Ann', 'Ben']);
      expect(report.skipped, JSON.stringify(file)).toBe(0);
    }
    // A line break inside quotes stays in its value (notes), and ends no row.
    const quoted = await read('name,email,notes\r\nAnn,ann@x.org,"two\nlines\r"\nBen,ben@x.org\n');
    expect(quoted.names).toEqual(['Ann', 'Ben']);
    expect(quoted.report.skipped).toBe(0);
  });

  it('refuses a file that is not CSV, saying which row, and leaves error stacks as they were', async () => {
    const limit = Error.stackTraceLimit;
    await expect(read('name,email\n"Ada Lovelace,ada@example.org\n')).rejects.toThrow(
      /^Row 2 opens a double quote that is never closed/,
    );
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
