import { createHash } from 'node:crypto';
import { is, Placeholder } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Transaction } from './client.ts';

/** Statement names by their text: the texts are few, and hashing each request's costs CPU. */
const names = new Map<string, string>();

/** A named prepared statement's name, from a hash of its text. */
function statementName(text: string) {
  let name = names.get(text);
  if (!name) {
    name = `gw_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (names.size < 1_000) names.set(text, name);
  }
  return name;
}

/**
 * A statement the query builder built once, its values left as named placeholders, and the
 * columns its result's fields decode as (in the order they are selected).
 */
export interface CompiledStatement {
  name: string;
  text: string;
  params: string[];
  fields: [string, PgColumn][];
}

/** Keeps a built statement; every value in it must be a placeholder, filled when it runs. */
export function compileStatement(
  built: { sql: string; params: unknown[] },
  fields: [string, PgColumn][],
): CompiledStatement {
  return {
    name: statementName(built.sql),
    text: built.sql,
    params: built.params.map((param) => {
      if (!is(param, Placeholder)) throw new Error('a compiled statement has a value built in');
      return param.name;
    }),
    fields,
  };
}

/**
 * Runs a compiled statement on the transaction's connection, as a named prepared statement, and
 * decodes its rows as the query builder would. A field past the selection (a search's total)
 * comes as it is, named `extra`.
 */
export async function runCompiled(
  tx: Transaction,
  compiled: CompiledStatement,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const result = await tx.$client.query<unknown[]>({
    name: compiled.name,
    text: compiled.text,
    values: compiled.params.map((name) => values[name]),
    rowMode: 'array',
  });
  return decodeRows(result.rows, compiled.fields);
}

/**
 * Rows answered as arrays (`rowMode: 'array'`), decoded as the query builder would decode the
 * columns `fields` selects, in that order: each a `Row`, the builder's result for those columns.
 * A field past them comes as it is, named `extra`.
 */
export function decodeRows<Row = Record<string, unknown>>(
  rows: unknown[][],
  fields: [string, PgColumn][],
): Row[] {
  const records: Row[] = [];
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const [field, column] = fields[i] as [string, PgColumn];
      const value = row[i];
      record[field] = value === null ? null : column.mapFromDriverValue(value);
    }
    if (row.length > fields.length) record.extra = row[fields.length];
    records.push(record as Row);
  }
  return records;
}
