import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { useInvalidatingMutation } from './mutations.ts';

// The calls every kind of record answers under its URL (`/api/contacts`): one record by id, and
// creating, changing and deleting one. Imported whole, as `recordApi`:
// `recordApi.useCreate<Contact, ContactInput>('/api/contacts', afterCreate)`.

/** The cached data a mutation makes stale (see `useInvalidatingMutation`). */
type Refreshes = () => readonly QueryKey[];

/** One record (`/api/contacts/7`), or null when there is none with that id in the company. */
export const oneQueryOptions = <T>(queryKey: QueryKey, url: string) =>
  queryOptions({ queryKey, queryFn: () => api.getOrNull<T>(url) });

export const useCreate = <T, Input>(url: string, refreshes: Refreshes) =>
  useInvalidatingMutation((input: Input) => api.post<T>(url, input), refreshes);

export const useUpdate = <T, Input>(url: string, refreshes: Refreshes) =>
  useInvalidatingMutation(
    ({ id, input }: { id: number; input: Input }) => api.patch<T>(`${url}/${id}`, input),
    refreshes,
  );

export const useDelete = (url: string, refreshes: Refreshes) =>
  useInvalidatingMutation((id: number) => api.delete<unknown>(`${url}/${id}`), refreshes);
