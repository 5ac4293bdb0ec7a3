import {
  CONTACT_CSV_COLUMNS,
  CONTACT_CSV_REQUIRED,
  CONTACT_FIELD_LABELS,
  CONTACT_IMPORT_SYNONYMS,
  type ContactImportField,
  type ContactValues,
  contactInputSchema,
  TOO_MANY_INVALID_ROWS,
} from '../../../domain/contacts.ts';
import { type CsvRecordKind, csvBatches, type ImportReport } from '../../lib/csv-import.ts';

export const CONTACT_TEMPLATE_CSV =
  `${CONTACT_CSV_COLUMNS.join(',')}\r\n` +
  'Jane Doe,jane.doe@example.org,555-0100,Example Foundation,' +
  '"Met at the spring gala; interested in literacy, arts and youth programs"\r\n';

/** A contact as a row of an import file. */
const contactRows: CsvRecordKind<ContactImportField, ContactValues> = {
  fields: CONTACT_CSV_COLUMNS,
  header: CONTACT_CSV_COLUMNS,
  required: CONTACT_CSV_REQUIRED,
  labels: CONTACT_FIELD_LABELS,
  synonyms: CONTACT_IMPORT_SYNONYMS,
  toInput: ([name, email, phone, organization, notes]) => ({
    name,
    email,
    phone,
    organization,
    notes,
  }),
  schema: contactInputSchema,
  tooManyInvalid: TOO_MANY_INVALID_ROWS,
};

/** The valid contacts of a file, in batches; the rows left out are counted in `report`. */
export const contactBatches = (
  chunks: Buffer[],
  report: ImportReport,
  mapping?: (ContactImportField | null)[],
) => csvBatches(chunks, report, contactRows, mapping);
