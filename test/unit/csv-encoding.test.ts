import { describe, expect, it } from 'vitest';
import { asUtf8 } from '../../src/server/lib/csv-import.ts';

const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');

describe('asUtf8: the text of an uploaded file', () => {
  it('keeps UTF-8 as it is, a character split between two chunks included', () => {
    const bytes = Buffer.from('name\nJosé Müller\n', 'utf8');
    const split = bytes.indexOf(0xc3) + 1; // inside é
    const chunks = [bytes.subarray(0, split), bytes.subarray(split)];
    expect(asUtf8(chunks, true)).toBe(chunks);
  });

  it('reads a file that is not UTF-8 as Windows-1252, as Excel on Windows saves it', () => {
    // é and ü as ISO-8859-1 has them; Œ and € where only Windows-1252 has them (0x8c, 0x80).
    const bytes = Buffer.from('name,notes\nJos\xe9 M\xfcller,\n\x8cuvre,80 \x80\n', 'latin1');
    const chunks = [bytes.subarray(0, 14), bytes.subarray(14)];
    expect(text(asUtf8(chunks, true))).toBe('name,notes\nJosé Müller,\nŒuvre,80 €\n');
  });

  it('reads the beginning of a UTF-8 file as UTF-8 though it ends inside a character, and a whole file that does as Windows-1252', () => {
    const bytes = Buffer.from('name\nJosé', 'utf8');
    const cut = [bytes.subarray(0, bytes.length - 1)];
    expect(asUtf8(cut, false)).toBe(cut);
    expect(text(asUtf8(cut, true))).toBe('name\nJosÃ');
  });

  it('leaves a file with a byte order mark to the parser', () => {
    const utf16 = [Buffer.from('\ufeffname\nJosé\n', 'utf16le')];
    expect(asUtf8(utf16, true)).toBe(utf16);
    const utf8WithStrayByte = [
      Buffer.concat([Buffer.from('\ufeffname\n', 'utf8'), Buffer.from([0xe9])]),
    ];
    expect(asUtf8(utf8WithStrayByte, true)).toBe(utf8WithStrayByte);
  });

  it('reads an empty file as empty', () => {
    expect(asUtf8([], true)).toEqual([]);
  });
});
