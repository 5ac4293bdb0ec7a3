// Importing a CSV file whose columns are named in the user's own words: a suggestion of which
// column holds which field, read from its header, and the mapping the user confirms in the
// preview. Shared by the server (which applies the mapping) and the preview dialog.
import { z } from 'zod';
import { counted } from './wording.ts';

/** How many rows of the file the preview shows under each column. */
export const PREVIEW_ROWS = 5;

/** More columns than this and the file is not a list of records. */
export const IMPORT_COLUMNS_MAX = 200;

/** The rows an import's answer lists with why they were skipped (it counts them all). */
export const IMPORT_ERRORS_MAX = 100;

/** A file with more rows than this that are not records of the kind is refused whole. */
export const IMPORT_SKIPPED_MAX = 10_000;
export const tooManyInvalidRows = (records: string) =>
  `More than ${IMPORT_SKIPPED_MAX.toLocaleString('en-US')} rows of the file are not valid ${records}; nothing was imported`;

/**
 * A header reduced to what identifies it: lower case, letters and digits only, so "E-mail",
 * "e_mail" and " Email " are one name.
 */
const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * For each column of a file, the field its header names (the field's own name or one of its
 * synonyms, in any case and spacing), or null; a field goes to its first column only.
 */
export function suggestMapping<Field extends string>(
  headers: readonly string[],
  synonyms: Readonly<Record<Field, readonly string[]>>,
): (Field | null)[] {
  const fieldOf = new Map<string, Field>();
  for (const field of Object.keys(synonyms) as Field[]) {
    for (const name of [field, ...synonyms[field]]) fieldOf.set(headerKey(name), field);
  }
  const taken = new Set<Field>();
  return headers.map((header) => {
    const field = fieldOf.get(headerKey(header));
    if (field === undefined || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The fields a mapping leaves without a column, of those it must have. */
export const unmappedFields = <Field extends string>(
  mapping: readonly (Field | null)[],
  required: readonly Field[],
) => required.filter((field) => !mapping.includes(field));

/** A value as JSON writes it, cut after 40 characters (never inside one). */
const shortly = (value: unknown) => {
  const characters = [...String(JSON.stringify(value))];
  return characters.length > 40 ? `${characters.slice(0, 40).join('')}…` : characters.join('');
};

/**
 * What the import is told about the file's columns (multipart field `mapping`, JSON): for each
 * column, in the file's order, the field it goes to, or null for "don't import". A field takes
 * one column at most.
 */
export const importMappingSchema = <Field extends string>(fields: readonly [Field, ...Field[]]) =>
  z
    .array(
      z
        .enum(fields, {
          error: (issue) =>
            `The column mapping names ${shortly(issue.input)}, which is not a field: use one of ${fields.join(', ')}, or null`,
        })
        .nullable(),
      { error: 'The column mapping must be a list of fields' },
    )
    .max(IMPORT_COLUMNS_MAX, `A file has at most ${IMPORT_COLUMNS_MAX} columns`)
    .refine(
      (mapping) => {
        const mapped = mapping.filter((field) => field !== null);
        return new Set(mapped).size === mapped.length;
      },
      { error: 'Each field can be imported from one column only' },
    );

/** What a row whose key (a contact's email) is already taken does: the user's choice. */
const DUPLICATE_CHOICES = ['skip', 'update', 'create'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];
export const duplicateChoiceSchema = z.enum(DUPLICATE_CHOICES, {
  error: `duplicates must be one of: ${DUPLICATE_CHOICES.join(', ')}`,
});

/** The preview of a file: each column's header, the suggested field, and its first values. */
export const importPreviewSchema = <Field extends string>(fields: readonly [Field, ...Field[]]) =>
  z.object({
    columns: z.array(
      z.object({
        header: z.string(),
        suggestion: z.enum(fields).nullable(),
        samples: z.array(z.string()),
      }),
    ),
  });

/** What an import answers: how many records it created and updated, and the rows it left out. */
export const importResultSchema = z.object({
  message: z.string(),
  /** Rows written: records created plus records updated. */
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows not written: not valid records, or duplicates skipped. */
  skipped: z.number().int(),
  /** Rows that matched a record already holding their values: nothing to write. */
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * The import's message: "Imported 3 contacts, skipped 1 row" (`record` is the singular), and the
 * rows already up to date, when there are some: every row of the file is accounted for.
 */
export const importMessage = (
  record: string,
  { created, updated, unchanged }: { created: number; updated: number; unchanged: number },
  skipped: number,
) =>
  (updated === 0
    ? `Imported ${counted(created, record)}, skipped ${counted(skipped, 'row')}`
    : `Imported ${counted(created, `new ${record}`)}, updated ${updated}, skipped ${counted(skipped, 'row')}`) +
  (unchanged > 0 ? `, ${counted(unchanged, 'row')} already up to date` : '');
