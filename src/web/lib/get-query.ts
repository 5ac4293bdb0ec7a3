import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The options of a query that reads one path of the API as it is: `queryKey` (from the
 * feature's key factory) says what it is, `path` where it is read.
 */
export const getQuery = <T>(queryKey: QueryKey, path: string) =>
  queryOptions({ queryKey, queryFn: () => api.get<T>(path) });
