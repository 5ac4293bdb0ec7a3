import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client.ts';
import { contactsKey } from './get-contacts.ts';

/** Organization names already in use, for exact matches between contacts, grants and opportunities. */
export const useOrganizationNames = (q: string) =>
  useQuery({
    queryKey: [...contactsKey, 'organizations', q],
    queryFn: () => api.get<string[]>(withQuery('/api/contacts/organizations', { q })),
    staleTime: 30_000,
  });
