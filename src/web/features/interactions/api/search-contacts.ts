import { useQuery } from '@tanstack/react-query';
import type { Contact } from '../../../../domain/contacts.ts';
import { api, withQuery } from '../../../lib/api-client.ts';

/** Contacts matching what the user typed, for choosing an interaction's contact. */
export const useContactChoices = (q: string) =>
  useQuery({
    queryKey: ['/api/contacts', 'choices', q],
    queryFn: () => api.getPage<Contact>(withQuery('/api/contacts', { q, limit: 20 })),
    staleTime: 30_000,
  });
