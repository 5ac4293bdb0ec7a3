import type { BulkResult, BulkTaskAssignee, BulkTaskStatus } from '../../../../domain/bulk.ts';
import type { Task, TaskInput } from '../../../../domain/grants.ts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import * as recordApi from '../../../lib/record-api.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';
import { notificationKeys } from '../../notifications/api/notification-keys.ts';
import { taskScreens } from './task-keys.ts';
import { afterChange, taskUrl } from './tasks-api.ts';

// The changes made from the task dialog and the board's bulk bar, apart from tasks-api.ts: both
// load when first opened, so neither the board nor a grant's page downloads these up front.

export const useCreateTask = () =>
  useInvalidatingMutation(
    ({ grantId, input }: { grantId: number; input: TaskInput }) =>
      api.post<Task>(taskUrl(grantId), input),
    afterChange,
  );

/** The whole form, at the `version` it was read at: refused (412) if changed since. */
export const useUpdateTask = () =>
  useInvalidatingMutation(
    ({
      grantId,
      taskId,
      input,
      version,
    }: {
      grantId: number;
      taskId: number;
      input: TaskInput;
      version: string | undefined;
    }) => api.patch<Task>(taskUrl(grantId, taskId), input, version),
    afterChange,
  );

/** After a change to many tasks: where tasks show, the funders' pages' deadlines, reminders. */
const afterBulkChange = () => [...taskScreens(), funderKeys.pages(), notificationKeys.all];

export const useBulkDeleteTasks = () => recordApi.useBulkDelete('/api/tasks', afterBulkChange);

/** Sets the status of the chosen tasks in one request. */
export const useBulkTaskStatus = () =>
  useInvalidatingMutation(
    (change: BulkTaskStatus) => api.post<BulkResult>('/api/tasks/bulk-status', change),
    afterBulkChange,
  );

/** Gives the chosen tasks to one member, or to nobody, in one request. */
export const useBulkTaskAssignee = () =>
  useInvalidatingMutation(
    (change: BulkTaskAssignee) => api.post<BulkResult>('/api/tasks/bulk-assign', change),
    afterBulkChange,
  );
