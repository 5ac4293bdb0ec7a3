import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '../../../../domain/contacts.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { contactsKey } from './get-contacts.ts';

/** One contact, or null when there is none with that id in the company. */
export async function getContact(id: number): Promise<Contact | null> {
  try {
    return await api.get<Contact>(`/api/contacts/${id}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const contactQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...contactsKey, 'one', id], queryFn: () => getContact(id) });

/** Nothing is fetched while `id` is null (not yet known, or not a valid id). */
export const useContact = (id: number | null) =>
  useQuery({ ...contactQueryOptions(id ?? 0), enabled: id !== null });
