import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { taskKeys } from '../../grants/api/task-keys.ts';
import { companyKeys, watchAssignees } from './company-api.ts';

/**
 * A client watched as the app watches it, with the team and the tasks board on screen (each
 * read counted), and a change sent through it that the server refuses with `error`.
 */
async function refusedWith(error: ApiError) {
  const client = createQueryClient();
  const stopWatching = watchAssignees(client);
  const reads = { team: 0, board: 0 };
  const team = new QueryObserver(client, {
    queryKey: companyKeys.team(),
    queryFn: async () => ++reads.team,
  });
  const board = new QueryObserver(client, {
    queryKey: taskKeys.board(),
    queryFn: async () => ++reads.board,
  });
  const stops = [team.subscribe(() => {}), board.subscribe(() => {})];
  await waitFor(() => expect(reads).toEqual({ team: 1, board: 1 }));
  await new MutationObserver(client, { mutationFn: () => Promise.reject(error) })
    .mutate()
    .catch(() => undefined);
  return {
    reads,
    stop: () => {
      stopWatching();
      for (const stop of stops) stop();
    },
  };
}

describe('the team, read again when a change names an assignee who is no longer a member', () => {
  it('reads the team and the work that was theirs again', async () => {
    const { reads, stop } = await refusedWith(
      new ApiError(400, '400: Assignee must be a member of your organization', undefined, [
        { path: 'assigneeId', message: 'Assignee must be a member of your organization' },
      ]),
    );
    await waitFor(() => expect(reads).toEqual({ team: 2, board: 2 }));
    stop();
  });

  it('not for a refusal of another field', async () => {
    const { reads, stop } = await refusedWith(
      new ApiError(400, '400: Name is required', undefined, [
        { path: 'name', message: 'Name is required' },
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toEqual({ team: 1, board: 1 });
    stop();
  });
});
