import { z } from 'zod';
import { grantStatuses } from './grant-constants.ts';

/** How many funders the win-rate table shows: those asked for the most. */
export const REPORT_FUNDERS_SHOWN = 20;
/** How many weeks ahead the deadlines table counts, this week first. */
export const REPORT_WEEKS_AHEAD = 8;

const totals = {
  /** The amounts asked for. */
  requested: z.number(),
  /** What was awarded (the award's amount where recorded, else the amount asked for). */
  awarded: z.number(),
};
/** Decided grants: awarded or rejected; the win rate is awarded ÷ decided (null when none). */
const decisions = {
  awardedCount: z.number().int(),
  decidedCount: z.number().int(),
  winRate: z.number().nullable(),
};

/** How the year is going: the Reports page's tables, each a few rows, computed by the database. */
export const reportsSchema = z.object({
  year: z.number().int(),
  /** The year it is now where the organization is (its time zone's), whichever year was asked. */
  thisYear: z.number().int(),
  byStatus: z.array(
    z.object({ status: z.enum(grantStatuses), count: z.number().int(), ...totals }),
  ),
  byYear: z.array(z.object({ year: z.number().int(), ...totals, ...decisions })),
  byFunder: z.array(z.object({ funder: z.string(), ...totals, ...decisions })),
  /** The awards of `year` by the month they were made (the due date where no award date). */
  awardedByMonth: z.array(z.object({ month: z.number().int(), awarded: z.number() })),
  /** Deadlines of the weeks to come (from Monday), counted by kind. */
  deadlinesByWeek: z.array(
    z.object({
      weekStart: z.string(),
      grants: z.number().int(),
      tasks: z.number().int(),
      requirements: z.number().int(),
    }),
  ),
});
export type Reports = z.infer<typeof reportsSchema>;
