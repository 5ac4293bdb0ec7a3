import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Requirement, RequirementInput } from '../../../../domain/requirements.ts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';
import { notificationKeys } from '../../notifications/api/notification-keys.ts';
import { requirementKeys } from './task-keys.ts';

const requirementsUrl = (grantId: number, requirementId?: number) =>
  `/api/grants/${grantId}/requirements${requirementId === undefined ? '' : `/${requirementId}`}`;

export const grantRequirementsQueryOptions = (grantId: number) =>
  queryOptions({
    queryKey: requirementKeys.ofGrant(grantId),
    queryFn: () => api.get<Requirement[]>(requirementsUrl(grantId)),
  });

export const useGrantRequirements = (grantId: number) =>
  useQuery(grantRequirementsQueryOptions(grantId));

/**
 * A requirement shows on its grant's page, on the dashboard when due soon or overdue, and among
 * the deadlines on its grant's funder's page while pending.
 */
const afterChange = ({ grantId }: { grantId: number }) => [
  requirementKeys.ofGrant(grantId),
  dashboardKeys.all,
  funderKeys.pages(),
  // Moved, delivered or given to another, it takes its reminders from the menu.
  notificationKeys.all,
];

export const useCreateRequirement = () =>
  useInvalidatingMutation(
    ({ grantId, input }: { grantId: number; input: RequirementInput }) =>
      api.post<Requirement>(requirementsUrl(grantId), input),
    afterChange,
  );

/**
 * The whole form (at the `version` it was read at: refused, 412, if changed since), or one
 * field (the status select).
 */
export const useUpdateRequirement = () =>
  useInvalidatingMutation(
    ({
      grantId,
      requirementId,
      input,
      version,
    }: {
      grantId: number;
      requirementId: number;
      input: Partial<RequirementInput>;
      version?: string | undefined;
    }) => api.patch<Requirement>(requirementsUrl(grantId, requirementId), input, version),
    afterChange,
  );

/**
 * A requirement deleted takes its reminders from the menu. At the `version` it was read at:
 * refused (412) if changed since.
 */
export const useDeleteRequirement = () =>
  useInvalidatingMutation(
    ({
      grantId,
      requirementId,
      version,
    }: {
      grantId: number;
      requirementId: number;
      version: string | undefined;
    }) => api.delete<unknown>(requirementsUrl(grantId, requirementId), version),
    afterChange,
  );
