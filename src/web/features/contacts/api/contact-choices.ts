// Apart from contacts-api.ts: only the interaction form chooses a contact, and it loads with its
// dialog, not with the pages that list contacts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '../../../../domain/contacts.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { useChoicesKeptCurrent } from '../../../lib/choices-kept-current.ts';
import { contactKeys } from './contact-keys.ts';
import { afterContactChange } from './contacts-api.ts';

/** Contacts matching what the user typed, for choosing an interaction's contact. */
export const contactChoicesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: contactKeys.choices(q),
    queryFn: () => api.getPage<Contact>(withQuery('/api/contacts', { q, limit: 20 })),
    staleTime: 30_000,
  });

/** Contacts to choose from, read again when a change names one deleted meanwhile. */
export function useContactChoices(q: string) {
  useChoicesKeptCurrent('contactId', afterContactChange);
  return useQuery(contactChoicesQueryOptions(q));
}
