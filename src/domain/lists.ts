import { z } from 'zod';
import { BULK_MAX } from './bulk-constants.ts';
import { ID_MAX, LINE_MAX, searchString, storableString } from './common.ts';
import { OFFSET_MAX, SEARCH_TEXT_MAX } from './list-constants.ts';

const LIST_LIMIT_MAX = 500;

/**
 * A free-text query parameter (a search, an exact organization or funder): trimmed, spaces in a
 * row one space (as names are stored), bounded, and free of what PostgreSQL cannot compare, so
 * `?q=%00` is a 400 and never a database error. Empty (or blank), it is left out, as a form's
 * empty field is: `?funder=` filters nothing, as `?q=` does.
 */
export const queryText = (max = LINE_MAX, tooLong = `Must be at most ${max} characters`) =>
  searchString()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || undefined);

/** A query parameter that takes one of `values`; anything else answers which ones there are. */
export const queryChoice = <const T extends readonly [string, ...string[]]>(
  values: T,
  name: string,
) => z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }).optional();

/** `?q=`: the search every list and look-up takes. */
export const searchQuerySchema = z.object({
  q: queryText(SEARCH_TEXT_MAX, 'Search is too long'),
});

/**
 * ARCHITECTURE §3: every list accepts optional `q` (search), `sort` (a field, `-field` for
 * descending), `limit` and `offset`, and reports the total in X-Total-Count.
 */
export function listQuerySchema<const Field extends string>(sortFields: readonly Field[]) {
  const sortValues = sortFields.flatMap((field) => [field, `-${field}`] as const);
  return searchQuerySchema.extend({
    sort: z
      .enum(sortValues as [`${Field}` | `-${Field}`, ...(`${Field}` | `-${Field}`)[]], {
        error: `Sort by one of: ${sortValues.join(', ')}`,
      })
      .optional(),
    ...pageQuery(LIST_LIMIT_MAX),
  });
}

/**
 * A number sent in a query string: written as people write numbers (digits, with a minus sign or
 * a fraction), else not a number, which `number` refuses with its own message. JavaScript would
 * read 0x10, 1e1, 0b11 or ' 10' as numbers; an id is read as strictly (idText).
 */
export const queryNumber = (number: z.ZodNumber) =>
  z.preprocess(
    (value) =>
      typeof value !== 'string'
        ? value
        : /^-?\d+(\.\d+)?$/.test(value)
          ? Number(value)
          : Number.NaN,
    number,
  );

/** `?limit=` and `?offset=`: a page of at most `limitMax` rows, from the row `offset`. */
export function pageQuery(limitMax: number) {
  const limitMessage = `Limit must be a whole number from 1 to ${limitMax}`;
  const offsetMessage = 'Offset must be a whole number, 0 or more';
  return {
    limit: queryNumber(
      z
        .number({ error: limitMessage })
        .int(limitMessage)
        .min(1, 'Limit must be at least 1')
        .max(limitMax, `Limit must be at most ${limitMax}`),
    ).optional(),
    offset: queryNumber(
      z
        .number({ error: offsetMessage })
        // Said first: a number past it is a whole number all the same, but not one .int() takes.
        .max(OFFSET_MAX, `Offset must be at most ${OFFSET_MAX}`)
        .int(offsetMessage)
        .min(0, 'Offset must be 0 or more'),
    ).optional(),
  };
}

export interface ListParams<Field extends string> {
  q?: string | undefined;
  sort?: `${Field}` | `-${Field}` | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

const INVALID_IDS = `ids must be up to ${BULK_MAX} record ids, separated by commas`;

/** `?ids=3,5,8`: the records chosen in a list, up to BULK_MAX, for an export of those only. */
const chosenIdsQuery = storableString()
  .regex(/^\d{1,10}(,\d{1,10})*$/, INVALID_IDS)
  .transform((text) => text.split(',').map(Number))
  .refine((ids) => ids.length <= BULK_MAX && ids.every((id) => id >= 1 && id <= ID_MAX), {
    error: INVALID_IDS,
  })
  .optional();

/** An export's chosen records (`?ids=3,5,8`): only these, of those the list shows. */
export interface ChosenIds {
  ids?: readonly number[] | undefined;
}

/** An export's query: the list's own, and `ids`, the records chosen in it (all when left out). */
export const exportQuerySchema = <Shape extends z.ZodRawShape>(list: z.ZodObject<Shape>) =>
  list.extend({ ids: chosenIdsQuery });

export const TOTAL_COUNT_HEADER = 'x-total-count';
