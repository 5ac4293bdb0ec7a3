import { z } from 'zod';

/*
 * Grantwell's own logical backup (docs/decisions/0007-backup-format.md): gzip over lines. A JSON
 * header; then for each table of `public`, parents before the tables that reference them, a JSON
 * line naming it and its columns, its rows in COPY's text format (which escapes newlines, so a
 * row is one line) and COPY's end-of-data line `\.`; last a JSON trailer with the counts.
 */
export const FORMAT = 'grantwell-backup';
export const FORMAT_VERSION = 1;
export const NEWLINE = 0x0a;
export const END_OF_DATA = Buffer.from('\\.');
/** Framing lines are short: a longer one means the file is something else. */
export const MAX_FRAMING_LINE = 1024 * 1024;
export const NOT_A_BACKUP = 'Not a Grantwell backup.';

const migrationSchema = z.object({
  name: z.string().nullable(),
  createdAt: z.number(),
  hash: z.string(),
});
export const formatSchema = z.object({ format: z.literal(FORMAT), version: z.number() });
export const headerSchema = formatSchema.extend({
  createdAt: z.string(),
  postgres: z.string(),
  migration: migrationSchema,
});
export const sectionSchema = z.object({ table: z.string(), columns: z.array(z.string()) });
export const trailerSchema = z.object({
  end: z.literal(true),
  tables: z.number(),
  rows: z.number(),
});
export const journalSchema = z.object({
  entries: z.array(z.object({ when: z.number(), tag: z.string() })),
});

export type Migration = z.infer<typeof migrationSchema>;

export interface BackupSummary {
  tables: number;
  rows: number;
}

/** A file that cannot be restored here: not a backup, damaged, or of another migration. */
export class BackupError extends Error {}

export const countLines = (chunk: Buffer) => {
  let lines = 0;
  for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) lines++;
  return lines;
};
