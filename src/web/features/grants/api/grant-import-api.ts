import type { GrantImportField } from '../../../../domain/grant-import.ts';
import { useCsvImport } from '../../../lib/csv-import.ts';
import { afterGrantChange } from './grants-api.ts';

// The import's call, apart from grants-api.ts: the pages that read grants leave the upload's
// code out of their download.

/** A CSV import of grants, with its upload progress, 0–100. */
export const useUploadGrants = () =>
  useCsvImport<GrantImportField>('/api/grants/upload', afterGrantChange);
