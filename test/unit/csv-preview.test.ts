import { describe, expect, it } from 'vitest';
import { CONTACT_IMPORT_SYNONYMS } from '../../src/domain/contact-import.ts';
import { previewCsvFile } from '../../src/server/lib/csv-import.ts';

const rows = Array.from({ length: 5_000 }, (_, i) => `Member ${i},m${i}@x.org,"Circle, ${i}"`);
const file = Buffer.from(['Name,E-mail,Company', ...rows].join('\r\n')).subarray(0, 256 * 1024);

describe('previewCsvFile', () => {
  it('previews a file however it arrived: whole, or in pieces of any size', async () => {
    for (const size of [file.length, 64 * 1024, 16 * 1024, 4_000, 500, 37]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < file.length; at += size) chunks.push(file.subarray(at, at + size));
      const preview = await previewCsvFile(chunks, CONTACT_IMPORT_SYNONYMS);
      expect(
        preview.columns.map((c) => [c.header, c.suggestion]),
        `pieces of ${size}`,
      ).toEqual([
        ['Name', 'name'],
        ['E-mail', 'email'],
        ['Company', 'organization'],
      ]);
      expect(preview.columns[2]?.samples).toEqual([0, 1, 2, 3, 4].map((i) => `Circle, ${i}`));
    }
  });

  it('leaves out a last row the cut of the file broke off', async () => {
    const cut = Buffer.from('name,email,notes\r\nA,a@x.org,one\r\nB,b@x.org,"two, and the rest');
    const preview = await previewCsvFile([cut.subarray(0, 20), cut.subarray(20)], {
      name: [],
      email: [],
      notes: [],
    });
    expect(preview.columns.map((c) => c.samples)).toEqual([['A'], ['a@x.org'], ['one']]);
  });
});
