import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Interaction,
  InteractionInput,
  InteractionListParams,
} from '../../../../domain/interactions.ts';
import { ApiError, api, withQuery } from '../../../lib/api-client.ts';
import * as recordApi from '../../../lib/record-api.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';

/** Every interactions query sits under `all`: the list pages (a contact's too) and one interaction. */
export const interactionKeys = recordApi.keys<InteractionListParams>('/api/interactions');

async function getInteractions(params: InteractionListParams) {
  try {
    return await api.getPage<Interaction>(withQuery('/api/interactions', { ...params }));
  } catch (error) {
    if (params.contactId !== undefined && error instanceof ApiError) {
      throw new ApiError(error.status, 'Failed to fetch interactions');
    }
    throw error;
  }
}

export const interactionsQueryOptions = (params: InteractionListParams) =>
  queryOptions({
    queryKey: interactionKeys.list(params),
    queryFn: () => getInteractions(params),
    placeholderData: keepPreviousData,
  });

export const useInteractions = (params: InteractionListParams) =>
  useQuery(interactionsQueryOptions(params));

/**
 * Interactions are counted on the dashboard, and the latest five listed there; a funder's page
 * lists the latest with its contacts.
 */
const afterChange = () => [interactionKeys.all, dashboardKeys.all, funderKeys.pages()];

/** An interaction by id (`interactionsApi.useOne`: null when there is none), and its changes. */
export const interactionsApi = recordApi.records<Interaction, InteractionInput>(
  '/api/interactions',
  interactionKeys,
  { changed: afterChange },
);
