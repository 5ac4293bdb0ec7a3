import {
  GRANT_CSV_FIELDS,
  GRANT_CSV_REQUIRED,
  GRANT_FIELD_LABELS,
  GRANT_IMPORT_SYNONYMS,
  type GrantImportField,
  grantCellProblem,
  grantInputFromCells,
} from '../../../domain/grant-import.ts';
import {
  type GrantValues,
  grantInputSchema,
  TOO_MANY_INVALID_GRANT_ROWS,
} from '../../../domain/grants.ts';
import type { Database } from '../../db/client.ts';
import { shareFunderNames, takeImportTurn } from '../../db/company-turns.ts';
import { inCompany } from '../../db/scope.ts';
import {
  type CsvRecordKind,
  csvBatches,
  type ImportBatch,
  type ImportReport,
  skipRow,
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
  cellProblem: grantCellProblem,
  schema: grantInputSchema,
  tooManyInvalid: TOO_MANY_INVALID_GRANT_ROWS,
};

/** The valid grants of a file, in batches; the rows left out are counted in `report`. */
export const grantBatches = (
  chunks: Buffer[],
  report: ImportReport,
  mapping?: (GrantImportField | null)[],
) => csvBatches(chunks, report, grantRows, mapping);

/** Why a row of a grants file is left out: the grant is here already (grants.insertNew). */
export const GRANT_ALREADY_HERE =
  'A grant with this name, funder and due date is already here (or earlier in the file)';

/**
 * Imports the grants of a file into the company, all or nothing, but for those already here:
 * skipped, and said so in `report` (a file imported twice made every grant twice). The file is
 * read whole first (it is in memory, 20 MB at most), so the one transaction that inserts its
 * batches is open only while they are written, never while rows are parsed; a file with no
 * valid row takes none. `beforeCommit` may still undo it all, by throwing, once every row is
 * written.
 */
export async function importGrants(
  db: Database,
  grants: GrantsRepository,
  companyId: number,
  batches: AsyncIterable<ImportBatch<GrantValues>>,
  report: ImportReport,
  beforeCommit: () => void,
): Promise<{ created: number; updated: number }> {
  const read: ImportBatch<GrantValues>[] = [];
  for await (const batch of batches) read.push(batch);
  if (read.length === 0) return { created: 0, updated: 0 };
  return inCompany(db, companyId, async (tx) => {
    await takeImportTurn(tx, companyId);
    await shareFunderNames(tx, companyId);
    let created = 0;
    for (const batch of read) {
      const inserted = await grants.insertNew(companyId, batch.values, tx);
      created += inserted.size;
      batch.rows.forEach((row, at) => {
        if (!inserted.has(at)) skipRow(report, row, GRANT_ALREADY_HERE);
      });
    }
    beforeCommit();
    return { created, updated: 0 };
  });
}
