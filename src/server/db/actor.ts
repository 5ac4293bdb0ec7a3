import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * On whose behalf the work of a request writes: the signed-in user, once the session is known.
 * inCompany hands it to PostgreSQL with the company (`app.user_id`), where the activity log and
 * a record's `created_by` read it, so no repository call has to carry it.
 */
const actors = new AsyncLocalStorage<{ userId: number | null }>();

/**
 * Runs `work` (a request's handler) as `userId`, the request's signed-in user, or as no one. The
 * app enters it in a preHandler hook, once the session has named the user and the body is read.
 */
export const actingAs = <T>(userId: number | null, work: () => T): T =>
  actors.run({ userId }, work);

/** The actor of the work running now, if any (null in jobs and scripts). */
export const currentActor = (): number | null => actors.getStore()?.userId ?? null;
