import { describe, expect, it } from 'vitest';
import {
  asUtf8,
  delimiterOf,
  MIXED_ENCODINGS,
  NOT_UTF16,
} from '../../src/server/lib/csv-import.ts';

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

  it('reads UTF-16 in either byte order, with a byte order mark or without, its beginning cut anywhere', () => {
    const littleEndian = Buffer.from('name\tnotes\nJosé\t€\n', 'utf16le');
    const bigEndian = Buffer.from(littleEndian).swap16();
    const mark = (bytes: Buffer, order: number[]) => Buffer.concat([Buffer.from(order), bytes]);
    for (const file of [
      littleEndian,
      bigEndian,
      mark(littleEndian, [0xff, 0xfe]),
      mark(bigEndian, [0xfe, 0xff]),
    ]) {
      expect(text(asUtf8([file.subarray(0, 5), file.subarray(5)], true))).toBe(
        'name\tnotes\nJosé\t€\n',
      );
      expect(text(asUtf8([file.subarray(0, file.length - 3)], false))).toMatch(
        /^name\tnotes\nJosé\t?$/,
      );
    }
  });

  it('leaves a UTF-8 byte order mark to the parser, and refuses a file after it that is not all UTF-8', () => {
    const utf8 = [Buffer.from('\ufeffname\nRenée\n', 'utf8')];
    expect(asUtf8(utf8, true)).toBe(utf8);
    // Windows-1252 after the mark (é as 0xe9, € as 0x80): read as UTF-8, it would be garbled.
    const windows = [
      Buffer.concat([
        Buffer.from('\ufeffname,notes\n', 'utf8'),
        Buffer.from('Ren\xe9e,\x80 5\n', 'latin1'),
      ]),
    ];
    expect(() => asUtf8(windows, true)).toThrow(MIXED_ENCODINGS);
  });

  it('refuses a file in UTF-8 of any script with one byte that is not, rather than read it all as Windows-1252', () => {
    const renee = Buffer.from('Ren\xe9e,\n', 'latin1');
    for (const written of ['Иван Петров,', 'שלום,', 'Ζωή,', '日本語,', '🚀 launch,']) {
      const file = [Buffer.concat([Buffer.from(`name,notes\n${written}\n`, 'utf8'), renee])];
      expect(() => asUtf8(file, true), written).toThrow(MIXED_ENCODINGS);
    }
    // One such character alone is not taken for UTF-8: «É» in Windows-1252 is C9 BB (ɻ), and
    // é, a no-break space and » are E9 A0 BB (頻).
    const windows = [
      Buffer.from('name\n\xabT\xc9\xbb Ren\xe9e\n\xab\xa0Sant\xe9\xa0\xbb\n', 'latin1'),
    ];
    expect(text(asUtf8(windows, true))).toBe('name\n«TÉ» Renée\n«\u00a0Santé\u00a0»\n');
  });

  it('refuses UTF-16 that holds half of a surrogate pair, whose beginning may end inside one', () => {
    const lone = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Sur', 'utf16le'),
      Buffer.from([0x00, 0xd8]),
      Buffer.from('rest\n', 'utf16le'),
    ]);
    expect(() => asUtf8([lone], true)).toThrow(NOT_UTF16);
    // An emoji cut in two by the end of the beginning: what comes before it is read.
    const emoji = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\nA😀', 'utf16le')]);
    expect(text(asUtf8([emoji.subarray(0, emoji.length - 2)], false))).toBe('name\nA');
  });

  it('reads an empty file as empty, and a file of one byte as that byte', () => {
    expect(asUtf8([], true)).toEqual([]);
    expect(text(asUtf8([Buffer.from('a')], true))).toBe('a');
  });
});

describe('delimiterOf: what separates the values of a file', () => {
  const of = (text: string) => delimiterOf([Buffer.from(text, 'utf8')]);

  it('is whichever of comma, semicolon and tab the first row has most of, outside quotes', () => {
    expect(of('name,email,notes\nA;B,a@x.org,\n')).toBe(',');
    expect(of('name;email;notes\nSmith, Jo;jo@x.org;\n')).toBe(';');
    expect(of('name\temail\r\nA\ta@x.org\r\n')).toBe('\t');
    expect(of('"Name, in full";"E-mail"\n')).toBe(';');
    expect(of('\ufeffname;email\n')).toBe(';');
  });

  it('is a comma when the first row has none of them', () => {
    expect(of('name\nA;B\n')).toBe(',');
    expect(of('')).toBe(',');
  });
});
