import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactInput } from '../../../../domain/contacts.ts';
import { api } from '../../../lib/api-client.ts';
import { contactsKey } from './get-contacts.ts';

export const createContact = (input: ContactInput) => api.post<Contact>('/api/contacts', input);

export const updateContact = ({ id, input }: { id: number; input: ContactInput }) =>
  api.patch<Contact>(`/api/contacts/${id}`, input);

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] }),
      ]),
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsKey }),
        // Interactions show their contact's name.
        queryClient.invalidateQueries({ queryKey: ['/api/interactions'] }),
      ]),
  });
}
