import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactsKey } from './get-contacts.ts';

export const deleteContact = (id: number) => api.delete<unknown>(`/api/contacts/${id}`);

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsKey }),
        // The contact's interactions went with it.
        queryClient.invalidateQueries({ queryKey: ['/api/interactions'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] }),
      ]),
  });
}
