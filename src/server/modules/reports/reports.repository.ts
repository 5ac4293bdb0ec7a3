import { sql } from 'drizzle-orm';
import { localDate } from '../../../domain/due-dates.ts';
import { activeGrantStatuses, grantStatuses } from '../../../domain/grant-constants.ts';
import { REPORT_FUNDERS_SHOWN, REPORT_WEEKS_AHEAD, type Reports } from '../../../domain/reports.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { inCompany } from '../../db/scope.ts';

/** What a grant brought: its award's amount where recorded, else what was asked for. */
const AWARD = sql.raw(`coalesce(awarded_amount, amount)`);
/** Sums and counts per group: asked for, awarded, and the decisions (SQL select list). */
const FIGURES = sql`
  coalesce(sum(amount), 0)::float8 AS requested,
  coalesce(sum(${AWARD}) FILTER (WHERE status = 'awarded'), 0)::float8 AS awarded,
  count(*) FILTER (WHERE status = 'awarded')::int AS "awardedCount",
  count(*) FILTER (WHERE status IN ('awarded', 'rejected'))::int AS "decidedCount"`;

const withWinRate = <T extends { awardedCount: number; decidedCount: number }>(row: T) => ({
  ...row,
  winRate: row.decidedCount === 0 ? null : row.awardedCount / row.decidedCount,
});

export function createReportsRepository(db: Database) {
  return {
    /**
     * Every table of the Reports page for `year`, read from one snapshot: they agree whatever is
     * saved while they are read. Due dates fall on their days, weeks (from Monday) and years
     * where the company is (its reminders' time zone); an award's date is a day already (kept
     * at noon UTC). No `year`: the company's own year now.
     */
    get(
      companyId: number,
      asked: number | undefined,
      now: Date,
      within?: Transaction,
    ): Promise<Reports> {
      return inCompany(
        within ?? db,
        companyId,
        async (tx) => {
          const ofCompany = sql`company_id = ${companyId}`;
          const rejectedGrants = sql`SELECT id FROM grants WHERE ${ofCompany} AND status = 'rejected'`;
          const [company] = await rowsOf<{ zone: string }>(
            tx,
            sql`SELECT time_zone AS zone FROM companies WHERE id = ${companyId}`,
          );
          const zone = company?.zone ?? 'UTC';
          const thisYear = Number(localDate(now, zone).slice(0, 4));
          const year = asked ?? thisYear;
          const dueThere = sql`(due_date AT TIME ZONE ${zone})`;
          const statuses = await rowsOf(
            tx,
            sql`SELECT status, count(*)::int AS count, ${FIGURES} FROM grants
              WHERE ${ofCompany} GROUP BY status`,
          );
          const years = await rowsOf(
            tx,
            sql`SELECT extract(year FROM ${dueThere})::int AS year, ${FIGURES}
              FROM grants WHERE ${ofCompany} GROUP BY 1 ORDER BY 1`,
          );
          // Each funder by the name its record has (grants may write it in other cases); those
          // that asked for as much in alphabetical order, as the lists sort names.
          const funders = await rowsOf(
            tx,
            sql`SELECT coalesce(funders.name, figures.written) AS funder, figures.*
              FROM (SELECT lower(btrim(funder)) AS key, min(btrim(funder)) AS written, ${FIGURES}
                    FROM grants WHERE ${ofCompany} GROUP BY 1) figures
              LEFT JOIN funders ON funders.company_id = ${companyId} AND funders.name_key = figures.key
              ORDER BY requested DESC, coalesce(funders.name, figures.written) COLLATE "und-x-icu"
              LIMIT ${REPORT_FUNDERS_SHOWN}`,
          );
          const months = await rowsOf(
            tx,
            sql`SELECT extract(month FROM awarded_on)::int AS month, sum(${AWARD})::float8 AS awarded
              FROM (
                SELECT *, coalesce(awarded_date AT TIME ZONE 'UTC', ${dueThere}) AS awarded_on
                FROM grants WHERE ${ofCompany} AND status = 'awarded'
              ) awarded
              WHERE extract(year FROM awarded_on) = ${year}
              GROUP BY 1`,
          );
          const weekZero = sql`date_trunc('week', ${now.toISOString()}::timestamptz AT TIME ZONE ${zone})`;
          const weeks = await rowsOf(
            tx,
            sql`SELECT to_char(week, 'YYYY-MM-DD') AS "weekStart", kind, count(*)::int AS count
              FROM (
                SELECT date_trunc('week', ${dueThere}) AS week, 'grants' AS kind
                  FROM grants WHERE ${ofCompany}
                  AND status IN (${sql.join(
                    activeGrantStatuses.map((s) => sql`${s}::grant_status`),
                    sql`, `,
                  )})
                UNION ALL
                SELECT date_trunc('week', ${dueThere}), 'tasks'
                  -- Work still to do: open, or marked overdue; a rejected grant's is owed to nobody.
                  FROM grant_tasks WHERE ${ofCompany} AND due_date IS NOT NULL
                  AND status <> 'completed' AND grant_id NOT IN (${rejectedGrants})
                UNION ALL
                SELECT date_trunc('week', ${dueThere}), 'requirements'
                  FROM grant_requirements WHERE ${ofCompany} AND status = 'pending'
                  AND grant_id NOT IN (${rejectedGrants})
              ) due
              WHERE week >= ${weekZero} AND week < ${weekZero} + ${REPORT_WEEKS_AHEAD} * interval '1 week'
              GROUP BY 1, 2`,
          );

          const byStatusKey = new Map(statuses.map((row) => [row.status, row]));
          // This week's Monday where the company is, as a day (at midnight UTC, to count days on).
          const today = new Date(`${localDate(now, zone)}T00:00:00Z`);
          const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
          return {
            year,
            thisYear,
            byStatus: grantStatuses.map((status) => {
              const row = byStatusKey.get(status);
              return {
                status,
                count: Number(row?.count ?? 0),
                requested: Number(row?.requested ?? 0),
                awarded: Number(row?.awarded ?? 0),
              };
            }),
            byYear: years.map((row) =>
              withWinRate({
                year: Number(row.year),
                requested: Number(row.requested),
                awarded: Number(row.awarded),
                awardedCount: Number(row.awardedCount),
                decidedCount: Number(row.decidedCount),
              }),
            ),
            byFunder: funders.map((row) =>
              withWinRate({
                funder: String(row.funder),
                requested: Number(row.requested),
                awarded: Number(row.awarded),
                awardedCount: Number(row.awardedCount),
                decidedCount: Number(row.decidedCount),
              }),
            ),
            awardedByMonth: Array.from({ length: 12 }, (_, i) => ({
              month: i + 1,
              awarded: Number(months.find((row) => Number(row.month) === i + 1)?.awarded ?? 0),
            })),
            deadlinesByWeek: Array.from({ length: REPORT_WEEKS_AHEAD }, (_, i) => {
              const weekStart = new Date(monday.getTime() + i * 7 * 86_400_000)
                .toISOString()
                .slice(0, 10);
              const count = (kind: string) =>
                Number(
                  weeks.find((row) => row.weekStart === weekStart && row.kind === kind)?.count ?? 0,
                );
              return {
                weekStart,
                grants: count('grants'),
                tasks: count('tasks'),
                requirements: count('requirements'),
              };
            }),
          };
        },
        { oneSnapshot: true },
      );
    },
  };
}
