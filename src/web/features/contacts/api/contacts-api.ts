import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  Contact,
  ContactImportField,
  ContactImportPreview,
  ContactInput,
  ContactListParams,
} from '../../../../domain/contacts.ts';
import type { DuplicateChoice, ImportResult } from '../../../../domain/csv-import.ts';
import { api, withQuery } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/mutations.ts';
import * as recordApi from '../../../lib/record-api.ts';
import { uploadFile } from '../../../lib/upload-file.ts';
import { dashboardKeys } from '../../dashboard/api/dashboard-api.ts';
import { funderKeys } from '../../funders/api/funder-keys.ts';
import { interactionKeys } from '../../interactions/api/interactions-api.ts';

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

const getContacts = (params: ContactListParams) =>
  api.getPage<Contact>(withQuery('/api/contacts', { ...params }));

/** SPEC §2.6: the contacts list refreshes every 30 seconds and retries three times. */
export const contactsQueryOptions = (params: ContactListParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: () => getContacts(params),
    refetchInterval: 30_000,
    retry: 3,
    placeholderData: keepPreviousData,
  });

export const useContacts = (params: ContactListParams) => useQuery(contactsQueryOptions(params));

/** One contact, or null when there is none with that id (`recordApi.useOne`). */
export const useContact = (id: number | null) =>
  recordApi.useOne<Contact>(contactKeys.one, '/api/contacts', id);

/** Organization names already in use, for exact matches between contacts, grants and opportunities. */
export const organizationNamesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: contactKeys.organizationNames(q),
    queryFn: () => api.get<string[]>(withQuery('/api/contacts/organizations', { q })),
    staleTime: 30_000,
  });

export const useOrganizationNames = (q: string) => useQuery(organizationNamesQueryOptions(q));

/** Contacts matching what the user typed, for choosing an interaction's contact. */
export const contactChoicesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: contactKeys.choices(q),
    queryFn: () => api.getPage<Contact>(withQuery('/api/contacts', { q, limit: 20 })),
    staleTime: 30_000,
  });

export const useContactChoices = (q: string) => useQuery(contactChoicesQueryOptions(q));

/** A new contact counts on the dashboard; its organization names a funder. */
const afterCreate = () => [contactKeys.all, dashboardKeys.all, funderKeys.all];
/**
 * A contact's name shows on its interactions and in the dashboard's recent interactions;
 * deleting it deletes its interactions too.
 */
const afterChange = () => [contactKeys.all, interactionKeys.all, dashboardKeys.all, funderKeys.all];

export const useCreateContact = () =>
  recordApi.useCreate<Contact, ContactInput>('/api/contacts', afterCreate);

export const useUpdateContact = () =>
  recordApi.useUpdate<Contact, ContactInput>('/api/contacts', afterChange);

export const useDeleteContact = () => recordApi.useDelete('/api/contacts', afterChange);

export const useBulkDeleteContacts = () => recordApi.useBulkDelete('/api/contacts', afterChange);

/** How much of a file the preview sends: enough for its header and first rows. */
const PREVIEW_BYTES = 256 * 1024;

/** The preview of a CSV file: its columns, the field suggested for each, their first values. */
export const previewContactFile = (file: File) =>
  uploadFile<ContactImportPreview>(
    '/api/contacts/upload/preview',
    new File([file.slice(0, PREVIEW_BYTES)], file.name, { type: file.type }),
    () => {},
  );

export interface ContactImport {
  file: File;
  /** For each column of the file, the field it holds, or null: not imported. */
  mapping: (ContactImportField | null)[];
  duplicates: DuplicateChoice;
}

/**
 * A CSV import (SPEC §2.6) with its upload progress, 0–100. It may update contacts (whose names
 * show on interactions) as well as create them.
 */
export function useUploadContacts() {
  const [progress, setProgress] = useState(0);
  const mutation = useInvalidatingMutation(({ file, mapping, duplicates }: ContactImport) => {
    setProgress(0);
    return uploadFile<ImportResult>('/api/contacts/upload', file, setProgress, {
      mapping: JSON.stringify(mapping),
      duplicates,
    });
  }, afterChange);
  return { ...mutation, progress };
}
