import type { ContactListParams } from '../../../../domain/contacts.ts';
import * as recordApi from '../../../lib/record-api.ts';

// The contacts' query keys, apart from contacts-api.ts: other features' API modules refresh the
// contacts without taking the contacts' own calls (and the import) into their download.

/**
 * Every contacts query sits under `all`: the list pages, one contact, the organization names
 * suggested on forms (contacts', grants' funders and opportunities' organizations) and the
 * contacts offered when choosing an interaction's contact.
 */
export const contactKeys = {
  ...recordApi.keys<ContactListParams>('/api/contacts'),
  /** Without `q`: every search of the names, what a change to an organization name refreshes. */
  organizationNames: (q?: string) =>
    q === undefined
      ? ([...contactKeys.all, 'organizations'] as const)
      : ([...contactKeys.all, 'organizations', q] as const),
  choices: (q: string) => [...contactKeys.all, 'choices', q] as const,
};
