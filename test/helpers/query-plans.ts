import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inCompany } from '../../src/server/db/scope.ts';

/** A statement as the app sent it to PostgreSQL: its text and its values. */
export interface SentStatement {
  text: string;
  values: unknown[];
}

/**
 * The statements `work` has the app send to PostgreSQL (on any connection) that name `table`,
 * in the order they were sent.
 */
export async function statementsSentBy(
  table: string,
  work: () => Promise<unknown>,
): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
    const text = typeof config === 'string' ? config : config?.text;
    // Values come in the statement's config (runCompiled) or after it (the query builder).
    const given = typeof config === 'string' ? values : (config?.values ?? values);
    if (text && new RegExp(`\\b${table}\\b`, 'i').test(text)) {
      sent.push({ text, values: Array.isArray(given) ? given : [] });
    }
    return (query as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

/** A node of an EXPLAIN (FORMAT JSON) plan, with the fields the tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The plan and every node under it. */
export const nodesOf = (plan: PlanNode): PlanNode[] => [
  plan,
  ...(plan.Plans ?? []).flatMap(nodesOf),
];

/**
 * The scans of `relation` in a plan run with ANALYZE: each its node type, its index if any, the
 * rows it gave in all (over every loop), and those it read only to leave out (`removed`).
 */
export const scansOf = (plan: PlanNode, relation: string) =>
  nodesOf(plan)
    .filter((node) => node['Relation Name'] === relation)
    .map((node) => ({
      type: node['Node Type'],
      index: node['Index Name'],
      rows: (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1),
      removed: (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1),
    }));

/**
 * The plan PostgreSQL makes for `statement` with its values, in a transaction of the company as
 * the app's own are (the tenant role, row-level security); with `analyze`, run, with the rows
 * each node gave.
 */
export async function planOf(
  app: FastifyInstance,
  companyId: number,
  statement: SentStatement,
  { analyze = false } = {},
): Promise<PlanNode> {
  const result = await inCompany(app.db, companyId, (tx) =>
    tx.$client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON${analyze ? ', ANALYZE' : ''}) ${statement.text}`,
      statement.values,
    ),
  );
  const [row] = result.rows;
  if (!row) throw new Error(`no plan for ${statement.text}`);
  return row['QUERY PLAN'][0].Plan;
}

/** Fresh statistics of the tables, as autovacuum would keep them, so plans are the real ones. */
export const analyze = (app: FastifyInstance, ...tables: string[]) =>
  app.db.transaction((tx) => tx.execute(sql.raw(`ANALYZE ${tables.join(', ')}`)));
