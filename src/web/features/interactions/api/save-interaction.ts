import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Interaction, InteractionInput } from '../../../../domain/interactions.ts';
import { api } from '../../../lib/api-client.ts';
import { interactionsKey } from './get-interactions.ts';

export const createInteraction = (input: InteractionInput) =>
  api.post<Interaction>('/api/interactions', input);

export const updateInteraction = ({ id, input }: { id: number; input: InteractionInput }) =>
  api.patch<Interaction>(`/api/interactions/${id}`, input);

export const deleteInteraction = (id: number) => api.delete<unknown>(`/api/interactions/${id}`);

function useInteractionMutation<Variables, Result>(fn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: interactionsKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] }),
      ]),
  });
}

export const useCreateInteraction = () => useInteractionMutation(createInteraction);
export const useUpdateInteraction = () => useInteractionMutation(updateInteraction);
export const useDeleteInteraction = () => useInteractionMutation(deleteInteraction);
