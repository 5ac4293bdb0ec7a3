import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkOpportunityStage, BulkResult } from '../../../../domain/bulk.ts';
import type {
  Opportunity,
  OpportunityInput,
  OpportunityListParams,
  OpportunityPipeline,
} from '../../../../domain/opportunities.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { getQuery } from '../../../lib/get-query.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import * as recordApi from '../../../lib/record-api.ts';
import { contactKeys } from '../../contacts/api/contact-keys.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';

/** Every opportunities query sits under `all`: the list pages, the pipeline and one opportunity. */
export const opportunityKeys = {
  ...recordApi.keys<OpportunityListParams>('/api/opportunities'),
  pipeline: () => [...opportunityKeys.all, 'pipeline'] as const,
};

export const opportunitiesQueryOptions = (params: OpportunityListParams) =>
  queryOptions({
    queryKey: opportunityKeys.list(params),
    queryFn: () => api.getPage<Opportunity>(withQuery('/api/opportunities', { ...params })),
    placeholderData: keepPreviousData,
  });

export const useOpportunities = (params: OpportunityListParams) =>
  useQuery(opportunitiesQueryOptions(params));

export const opportunityPipelineQueryOptions = () =>
  getQuery<OpportunityPipeline>(opportunityKeys.pipeline(), '/api/opportunities/pipeline');

export const useOpportunityPipeline = () => useQuery(opportunityPipelineQueryOptions());

/** An opportunity's organization is one of the names suggested on the contact form. */
const afterChange = () => [opportunityKeys.all, contactKeys.organizationNames(), funderKeys.all];

/** An opportunity by id (`opportunitiesApi.useOne`: null when there is none), and its changes. */
export const opportunitiesApi = recordApi.records<Opportunity, OpportunityInput>(
  '/api/opportunities',
  opportunityKeys,
  { changed: afterChange },
);

/** Sets the stage of the chosen opportunities in one request. */
export const useBulkOpportunityStage = () =>
  useInvalidatingMutation(
    (change: BulkOpportunityStage) => api.post<BulkResult>('/api/opportunities/bulk-stage', change),
    afterChange,
  );
