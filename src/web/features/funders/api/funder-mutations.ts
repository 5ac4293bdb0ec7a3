import type { Funder, FunderPatch } from '../../../../domain/funders.ts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import * as recordApi from '../../../lib/record-api.ts';
import { contactKeys } from '../../contacts/api/contact-keys.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';
import { grantKeys } from '../../grants/api/grants-api.ts';
import { interactionKeys } from '../../interactions/api/interactions-api.ts';
import { opportunityKeys } from '../../opportunities/api/opportunities-api.ts';
import { funderKeys } from './funder-keys.ts';

// Renaming, merging and deleting funders, apart from funders-api.ts: a rename or a merge refreshes
// every feature that shows a funder's name, which the funders' pages need only once a dialog opens.

/** A rename reaches every grant, opportunity and contact that carried the name. */
const afterChange = () => [
  funderKeys.all,
  grantKeys.all,
  opportunityKeys.all,
  contactKeys.all,
  interactionKeys.all,
  dashboardKeys.all,
];

export const useUpdateFunder = () =>
  recordApi.useUpdate<Funder, FunderPatch>('/api/funders', afterChange);

/**
 * A merge refreshes what a rename does. The merged funder is gone: its page, on screen until the
 * dialog moves to the kept funder, keeps what it showed instead of asking again (and saying for
 * a moment that the funder was not found).
 */
export const useMergeFunder = () =>
  useInvalidatingMutation(
    ({ id, intoId }: { id: number; intoId: number }) =>
      api.post<Funder>(`/api/funders/${id}/merge`, { intoId }),
    afterChange,
    { gone: ({ id }) => [funderKeys.one(id)] },
  );

/**
 * Deleting a funder that nothing names any more (administrators), at the `version` it was read
 * at (refused, 412, if changed since): no other feature shows it. Its page, on screen until it
 * moves to the list, keeps what it showed rather than ask again.
 */
export const useDeleteFunder = () =>
  useInvalidatingMutation(
    ({ id, version }: { id: number; version: string }) =>
      api.delete<unknown>(`/api/funders/${id}`, version),
    () => [funderKeys.all],
    { gone: ({ id }) => [funderKeys.one(id)] },
  );
