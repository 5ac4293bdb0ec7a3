import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '../../../../domain/contacts.ts';
import { api, withQuery } from '../../../lib/api-client.ts';

export const contactsKey = ['/api/contacts'] as const;

export interface ContactListParams {
  q?: string;
  organization?: string;
  sort?: string | undefined;
  limit?: number;
  offset?: number;
}

export const getContacts = (params: ContactListParams) =>
  api.getPage<Contact>(withQuery('/api/contacts', { ...params }));

/** SPEC §2.6: the contacts list refreshes every 30 seconds and retries three times. */
export const contactsQueryOptions = (params: ContactListParams) =>
  queryOptions({
    queryKey: [...contactsKey, 'list', params],
    queryFn: () => getContacts(params),
    refetchInterval: 30_000,
    retry: 3,
    placeholderData: keepPreviousData,
  });

export const useContacts = (params: ContactListParams) => useQuery(contactsQueryOptions(params));
