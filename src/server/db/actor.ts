import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * On whose behalf the work of a request writes: the signed-in user, once the session is known.
 * inCompany hands it to PostgreSQL with the company (`app.user_id`), where the activity log and
 * a record's `created_by` read it, so no repository call has to carry it.
 */
const actors = new AsyncLocalStorage<{ userId: number | null }>();

/** Runs `work` (a request's whole handling) with no actor yet; setActor names one. */
export const withActorScope = <T>(work: () => T): T => actors.run({ userId: null }, work);

/** The signed-in user of the request being handled, from here on. */
export function setActor(userId: number) {
  const scope = actors.getStore();
  if (scope) scope.userId = userId;
}

/** The actor of the work running now, if any (null in jobs and scripts). */
export const currentActor = (): number | null => actors.getStore()?.userId ?? null;
