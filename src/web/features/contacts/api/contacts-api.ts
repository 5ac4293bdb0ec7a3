import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact, ContactInput, ContactListParams } from '../../../../domain/contacts.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import * as recordApi from '../../../lib/record-api.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';
import { interactionKeys } from '../../interactions/api/interactions-api.ts';
import { contactKeys } from './contact-keys.ts';

export { contactKeys };

const getContacts = (params: ContactListParams) =>
  api.getPage<Contact>(withQuery('/api/contacts', { ...params }));

/** SPEC §2.6: the contacts list refreshes every 30 seconds and retries three times. */
export const contactsQueryOptions = (params: ContactListParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: () => getContacts(params),
    refetchInterval: 30_000,
    retry: 3,
    placeholderData: keepPreviousData,
  });

export const useContacts = (params: ContactListParams) => useQuery(contactsQueryOptions(params));

/** Organization names already in use, for exact matches between contacts, grants and opportunities. */
export const organizationNamesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: contactKeys.organizationNames(q),
    queryFn: () => api.get<string[]>(withQuery('/api/contacts/organizations', { q })),
    staleTime: 30_000,
  });

export const useOrganizationNames = (q: string) => useQuery(organizationNamesQueryOptions(q));

/** A new contact counts on the dashboard; its organization names a funder. */
const afterCreate = () => [contactKeys.all, dashboardKeys.all, funderKeys.all];
/**
 * A contact's name shows on its interactions and in the dashboard's recent interactions;
 * deleting it deletes its interactions too.
 */
export const afterContactChange = () => [
  contactKeys.all,
  interactionKeys.all,
  dashboardKeys.all,
  funderKeys.all,
];

/** A contact by id (`contactsApi.useOne`: null when there is none), and its changes. */
export const contactsApi = recordApi.records<Contact, ContactInput>('/api/contacts', contactKeys, {
  changed: afterContactChange,
  created: afterCreate,
});
