import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import type { ListParams } from '../../domain/lists.ts';

/** `%q%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ORDER BY for a `sort` parameter, with the id last so pages never overlap. */
export function orderFor<Field extends string>(
  sort: NoInfer<ListParams<Field>['sort']>,
  columns: Record<Field, AnyColumn | SQL>,
  fallback: SQL[],
  id: AnyColumn,
): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const column = columns[(descending ? sort.slice(1) : sort) as Field];
  return [descending ? desc(column) : asc(column), descending ? desc(id) : asc(id)];
}
