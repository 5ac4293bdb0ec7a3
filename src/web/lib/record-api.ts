import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkResult } from '../../domain/bulk.ts';
import { BULK_MAX } from '../../domain/bulk-constants.ts';
import { api, withQuery } from './api-client.ts';
import { useInvalidatingMutation } from './mutations.ts';

// The calls every kind of record answers under its URL (`/api/contacts`): one record by id, and
// creating, changing and deleting one; and the keys of the kind's cached data.
// Imported whole, as `recordApi`; a feature takes them together, at its URL, with `records`.

/** The cached data a mutation makes stale (see `useInvalidatingMutation`). */
type Refreshes = () => readonly QueryKey[];

/**
 * The keys of a kind's cached data, from its URL (`/api/contacts`): `all`, the root of
 * everything about the kind; `list(params)`, a page of its list; `one(id)`, one record. A
 * feature's key factory starts with them (`...recordApi.keys<ContactListParams>(url)`).
 */
export const keys = <ListParams>(url: string) => {
  const all = [url] as const;
  return {
    all,
    list: (params: ListParams) => [...all, 'list', params] as const,
    one: (id: number) => [...all, 'one', id] as const,
  };
};

/** The query of one record (`/api/contacts/7`): the record, or null when the company has none. */
export const oneQueryOptions = <T>(key: (id: number) => QueryKey, url: string, id: number) =>
  queryOptions({ queryKey: key(id), queryFn: () => api.getOrNull<T>(`${url}/${id}`) });

/** One record (oneQueryOptions); nothing is fetched while `id` is null (not yet known, or not valid). */
export const useOne = <T>(key: (id: number) => QueryKey, url: string, id: number | null) =>
  useQuery({ ...oneQueryOptions<T>(key, url, id ?? 0), enabled: id !== null });

const useCreate = <T, Input>(url: string, refreshes: Refreshes) =>
  useInvalidatingMutation((input: Input) => api.post<T>(url, input), refreshes);

/** A change to one record; with the `version` it was read at, refused (412) if changed since. */
export const useUpdate = <T, Input>(url: string, refreshes: Refreshes) =>
  useInvalidatingMutation(
    ({ id, input, version }: { id: number; input: Input; version?: string | undefined }) =>
      api.patch<T>(`${url}/${id}`, input, version),
    refreshes,
  );

/** The cached queries of one record and its parts (its page's), by the record's id. */
type QueriesOf = (id: number) => readonly QueryKey[];

/**
 * Deletes one record; with the `version` it was read at, refused (412) if changed since. Its
 * queries (`gone`) are not asked for again: its page, on screen until it moves on, keeps what it
 * showed.
 */
const useDelete = (url: string, refreshes: Refreshes, gone: QueriesOf) =>
  useInvalidatingMutation(
    ({ id, version }: { id: number; version?: string | undefined }) =>
      api.delete<unknown>(`${url}/${id}`, version),
    refreshes,
    { gone: ({ id }) => gone(id) },
  );

/** Deletes the chosen records of the list at `url` in one request (`POST <url>/bulk-delete`). */
export const useBulkDelete = (url: string, refreshes: Refreshes) =>
  useInvalidatingMutation(
    (ids: number[]) => api.post<BulkResult>(`${url}/bulk-delete`, { ids }),
    refreshes,
  );

/**
 * A kind's calls at its URL (`/api/contacts`), with what each refreshes: `changed` after an
 * update or a deletion (one or many), `created` after a create and `deleted` after a deletion
 * (the same unless given); `parts`, the queries of a record's page besides the record's own (a
 * grant's tasks), which its deletion takes with it. With the root of the kind's cached data
 * (`cached`), they are what a `recordKind` takes of its API:
 * `export const contactsApi = recordApi.records<Contact, ContactInput>(url, contactKeys, …)`,
 * then `contactsApi.useBulkDelete()`.
 */
export const records = <T, Input, Patch = Input>(
  url: string,
  keys: { all: QueryKey; one: (id: number) => QueryKey },
  refreshes: { changed: Refreshes; created?: Refreshes; deleted?: Refreshes; parts?: QueriesOf },
) => ({
  url,
  cached: keys.all,
  oneQueryOptions: (id: number) => oneQueryOptions<T>(keys.one, url, id),
  useOne: (id: number | null) => useOne<T>(keys.one, url, id),
  useCreate: () => useCreate<T, Input>(url, refreshes.created ?? refreshes.changed),
  useUpdate: () => useUpdate<T, Patch>(url, refreshes.changed),
  useDelete: () =>
    useDelete(url, refreshes.deleted ?? refreshes.changed, (id) => [
      keys.one(id),
      ...(refreshes.parts?.(id) ?? []),
    ]),
  useBulkDelete: () => useBulkDelete(url, refreshes.deleted ?? refreshes.changed),
});

/** The ids of every record the list at `url` shows for `params`, all pages (at most BULK_MAX). */
export const allIds = async (url: string, params: object) =>
  (
    await api.getPage<{ id: number }>(
      withQuery(url, {
        ...(params as Record<string, string | number | undefined>),
        limit: BULK_MAX,
        offset: 0,
      }),
    )
  ).items.map((record) => record.id);
