import { z } from 'zod';
import { LINE_MAX, storableString } from './common.ts';

const LIST_LIMIT_MAX = 500;

/**
 * A free-text query parameter (a search, an exact organization): trimmed, bounded, and free of
 * what PostgreSQL cannot compare, so `?q=%00` is a 400 and never a database error.
 */
export const queryText = (max = LINE_MAX, tooLong = `Must be at most ${max} characters`) =>
  storableString().trim().max(max, tooLong).optional();

/** A query parameter that takes one of `values`; anything else answers which ones there are. */
export const queryChoice = <const T extends readonly [string, ...string[]]>(
  values: T,
  name: string,
) => z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }).optional();

/** `?q=`: the search every list and look-up takes. */
export const searchQuerySchema = z.object({ q: queryText(200, 'Search is too long') });

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
    limit: z.coerce
      .number()
      .int()
      .min(1, 'Limit must be at least 1')
      .max(LIST_LIMIT_MAX, `Limit must be at most ${LIST_LIMIT_MAX}`)
      .optional(),
    offset: z.coerce.number().int().min(0, 'Offset must be 0 or more').optional(),
  });
}

export interface ListParams<Field extends string> {
  q?: string | undefined;
  sort?: `${Field}` | `-${Field}` | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export const TOTAL_COUNT_HEADER = 'x-total-count';
