import {
  GRANT_CSV_FIELDS,
  GRANT_CSV_REQUIRED,
  GRANT_FIELD_LABELS,
  GRANT_IMPORT_SYNONYMS,
  type GrantImportField,
  grantInputFromCells,
} from '../../../domain/grant-import.ts';
import {
  type GrantValues,
  grantInputSchema,
  TOO_MANY_INVALID_GRANT_ROWS,
} from '../../../domain/grants.ts';
import type { Database } from '../../db/client.ts';
import { inCompany } from '../../db/scope.ts';
import {
  type CsvRecordKind,
  csvBatches,
  type ImportBatch,
  type ImportReport,
} from '../../lib/csv-import.ts';
import type { createGrantsRepository } from './grants.repository.ts';

type GrantsRepository = ReturnType<typeof createGrantsRepository>;

const header = GRANT_CSV_FIELDS.map((field) => GRANT_FIELD_LABELS[field]);

/** The template: the export's columns, with one example grant. */
export const GRANT_TEMPLATE_CSV =
  `${header.join(',')}\r\n` +
  'Youth Literacy Program,Example Foundation,50000,2027-03-31,Draft,,,,,' +
  'https://example.org/proposal,"Second year of the program; reading tutors for 120 children"\r\n';

/** A grant as a row of an import file. */
const grantRows: CsvRecordKind<GrantImportField, GrantValues> = {
  fields: GRANT_CSV_FIELDS,
  header,
  required: GRANT_CSV_REQUIRED,
  labels: GRANT_FIELD_LABELS,
  synonyms: GRANT_IMPORT_SYNONYMS,
  toInput: grantInputFromCells,
  schema: grantInputSchema,
  tooManyInvalid: TOO_MANY_INVALID_GRANT_ROWS,
};

/** The valid grants of a file, in batches; the rows left out are counted in `report`. */
export const grantBatches = (
  chunks: Buffer[],
  report: ImportReport,
  mapping?: (GrantImportField | null)[],
) => csvBatches(chunks, report, grantRows, mapping);

/**
 * Imports the batches of a file into the company, all or nothing: one transaction for the whole
 * file, begun only once the first batch is ready (a file with no valid row takes none). The
 * batches must come from memory (a file already received whole): the transaction is open while
 * they are read.
 */
export async function importGrants(
  db: Database,
  grants: GrantsRepository,
  companyId: number,
  batches: AsyncIterable<ImportBatch<GrantValues>>,
): Promise<{ created: number; updated: number }> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return { created: 0, updated: 0 };
  return inCompany(db, companyId, async (tx) => {
    let batch: IteratorResult<ImportBatch<GrantValues>> = first;
    let created = 0;
    while (!batch.done) {
      await grants.insertMany(companyId, batch.value.values, tx);
      created += batch.value.values.length;
      batch = await iterator.next();
    }
    return { created, updated: 0 };
  });
}
