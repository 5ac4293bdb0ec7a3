import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkGrantStatus, BulkResult } from '../../../../domain/bulk.ts';
import type { Grant, GrantInput, GrantListParams, Pipeline } from '../../../../domain/grants.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { getQuery } from '../../../lib/get-query.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import * as recordApi from '../../../lib/record-api.ts';
import { contactKeys } from '../../contacts/api/contact-keys.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';
import { notificationKeys } from '../../notifications/api/notification-keys.ts';
import { requirementKeys, taskKeys } from './task-keys.ts';

/**
 * Every grants query sits under `all`: the list pages, the pipeline, one grant, and each grant's
 * tasks (so deleting a grant drops its tasks from the cache too).
 */
export const grantKeys = {
  ...recordApi.keys<GrantListParams>('/api/grants'),
  pipeline: () => [...grantKeys.all, 'pipeline'] as const,
};

export const grantsQueryOptions = (params: GrantListParams) =>
  queryOptions({
    queryKey: grantKeys.list(params),
    queryFn: () => api.getPage<Grant>(withQuery('/api/grants', { ...params })),
    placeholderData: keepPreviousData,
  });

export const useGrants = (params: GrantListParams, enabled = true) =>
  useQuery({ ...grantsQueryOptions(params), enabled });

export const pipelineQueryOptions = () =>
  getQuery<Pipeline>(grantKeys.pipeline(), '/api/grants/pipeline');

export const usePipeline = () => useQuery(pipelineQueryOptions());

/**
 * A grant shows on the dashboard (active grants, deadlines) and by name on the tasks board; its
 * funder is one of the organization names suggested on the contact form. A deadline moved or
 * met (its date, its status) takes its reminders from the menu.
 */
export const afterGrantChange = () => [
  grantKeys.all,
  dashboardKeys.all,
  taskKeys.board(),
  contactKeys.organizationNames(),
  funderKeys.all,
  notificationKeys.all,
];

/** A grant deleted takes its reminders, and its tasks' and requirements', from the menu. */
const afterGrantDeleted = afterGrantChange;

/** A grant by id (`grantsApi.useOne`: null when there is none), and its changes. */
export const grantsApi = recordApi.records<Grant, GrantInput, Partial<GrantInput>>(
  '/api/grants',
  grantKeys,
  {
    changed: afterGrantChange,
    deleted: afterGrantDeleted,
    parts: (id) => [taskKeys.ofGrant(id), requirementKeys.ofGrant(id)],
  },
);

/** Sets the status of the chosen grants in one request. */
export const useBulkGrantStatus = () =>
  useInvalidatingMutation(
    (change: BulkGrantStatus) => api.post<BulkResult>('/api/grants/bulk-status', change),
    afterGrantChange,
  );
