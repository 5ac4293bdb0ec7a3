import type { ContactImportField } from '../../../../domain/contact-import.ts';
import { useCsvImport } from '../../../lib/csv-import.ts';
import { afterContactChange } from './contacts-api.ts';

// The import's call, apart from contacts-api.ts: the pages that read contacts (a contact's
// page, the interactions) leave the upload's code out of their download.

/**
 * A CSV import (SPEC §2.6) with its upload progress, 0–100. It may update contacts (whose names
 * show on interactions) as well as create them.
 */
export const useUploadContacts = () =>
  useCsvImport<ContactImportField>('/api/contacts/upload', afterContactChange);
