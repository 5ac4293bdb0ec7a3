import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { DuplicateChoice, ImportResult } from '../../domain/csv-import.ts';
import { useInvalidatingMutation } from './mutations.ts';
import { uploadFile } from './upload-file.ts';

/** How much of a file the preview sends: enough for its header and first rows. */
const PREVIEW_BYTES = 256 * 1024;

/** A file's preview, as every import's preview route answers it. */
export interface CsvPreview<Field extends string> {
  columns: { header: string; suggestion: Field | null; samples: string[] }[];
}

/** The preview of a CSV file (its beginning is sent): its columns, suggestions, first values. */
export const previewCsvFile = <Field extends string>(url: string, file: File) =>
  uploadFile<CsvPreview<Field>>(
    url,
    new File([file.slice(0, PREVIEW_BYTES)], file.name, { type: file.type }),
    () => {},
  );

/** What the user chose in the preview of a file. */
export interface CsvImportChoice<Field extends string> {
  file: File;
  /** For each column of the file, the field it holds, or null: not imported. */
  mapping: (Field | null)[];
  /** What a row that repeats a record does, where the list has duplicates. */
  duplicates?: DuplicateChoice | undefined;
}

/** An import from a CSV file (`url`), with its upload progress, 0–100; refreshes `after`. */
export function useCsvImport<Field extends string>(url: string, after: () => readonly QueryKey[]) {
  const [progress, setProgress] = useState(0);
  const mutation = useInvalidatingMutation(
    ({ file, mapping, duplicates }: CsvImportChoice<Field>) => {
      setProgress(0);
      return uploadFile<ImportResult>(url, file, setProgress, {
        mapping: JSON.stringify(mapping),
        ...(duplicates ? { duplicates } : {}),
      });
    },
    after,
  );
  return { ...mutation, progress };
}
