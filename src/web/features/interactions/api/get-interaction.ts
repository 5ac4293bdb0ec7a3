import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Interaction } from '../../../../domain/interactions.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { interactionsKey } from './get-interactions.ts';

/** One interaction, or null when there is none with that id in the company. */
export async function getInteraction(id: number): Promise<Interaction | null> {
  try {
    return await api.get<Interaction>(`/api/interactions/${id}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const interactionQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...interactionsKey, 'one', id], queryFn: () => getInteraction(id) });

/** Nothing is fetched while `id` is null (not yet known, or not a valid id). */
export const useInteraction = (id: number | null) =>
  useQuery({ ...interactionQueryOptions(id ?? 0), enabled: id !== null });
