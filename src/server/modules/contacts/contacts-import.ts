import {
  type ContactValues,
  DUPLICATE_OF_CONTACT,
  duplicateOfRow,
} from '../../../domain/contacts.ts';
import type { DuplicateChoice } from '../../../domain/csv-import.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { shareFunderNames, takeImportTurn } from '../../db/company-turns.ts';
import { inCompany } from '../../db/scope.ts';
import { type ImportBatch, type ImportReport, skipRow } from '../../lib/csv-import.ts';
import { contactEmailKey, type createContactsRepository } from './contacts.repository.ts';

type ContactsRepository = ReturnType<typeof createContactsRepository>;

/**
 * What one batch of rows comes to: contacts to create (`skipKnown`: except those whose email a
 * contact already has, the rows of `createRows`), and contacts to update.
 */
interface BatchPlan {
  create: ContactValues[];
  createRows: number[];
  skipKnown: boolean;
  update: { id: number; values: ContactValues }[];
}

/** A later row of the file over an earlier one with the same email: its values, blanks aside. */
const mergeRows = (earlier: ContactValues, later: ContactValues): ContactValues => ({
  name: later.name,
  email: earlier.email,
  phone: later.phone ?? earlier.phone,
  organization: later.organization ?? earlier.organization,
  notes: later.notes ?? earlier.notes,
});

/**
 * Imports the batches of a file into the company, all or nothing: one transaction for the whole
 * file, begun only once the first batch is ready (a file with no valid row takes none). A row
 * whose email a contact of the company already has (in any case), or an earlier row of the file,
 * is a duplicate, and `duplicates` says what it does:
 * - `skip` leaves it out, listed in `report` with the row it repeats;
 * - `update` updates that contact from it (a blank cell keeps the contact's value);
 * - `create` imports it as a contact of its own.
 *
 * An import that looks for duplicates is refused (409) while another of the company's runs, so
 * a file sent twice at once is imported once.
 *
 * Each batch is looked up and written while the next ones are parsed; a batch's lookup of
 * existing contacts comes after the last batch's writes, so it sees the contacts this file has
 * just created. The batches must come from memory (a file already received whole): the
 * transaction is open while they are read.
 */
export async function importContacts(
  db: Database,
  contacts: ContactsRepository,
  companyId: number,
  batches: AsyncIterable<ImportBatch<ContactValues>>,
  duplicates: DuplicateChoice,
  report: ImportReport,
): Promise<{ created: number; updated: number; unchanged: number }> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const counts = { created: 0, updated: 0, unchanged: 0 };
  if (first.done) return counts;
  const rest: AsyncIterable<ImportBatch<ContactValues>> = {
    [Symbol.asyncIterator]: () => iterator,
  };
  /** The first row of the file with each email (lower case), when duplicates are skipped. */
  const firstRowOf = new Map<string, number>();

  const plan = async (batch: ImportBatch<ContactValues>, tx: Transaction) => {
    const result: BatchPlan = { create: [], createRows: [], skipKnown: false, update: [] };
    if (duplicates === 'create') {
      result.create = batch.values;
      return result;
    }
    if (duplicates === 'skip') {
      // Rows repeating an earlier row of the file are left out here; those repeating a contact
      // of the company, by the insert itself.
      result.skipKnown = true;
      batch.values.forEach((values, i) => {
        const row = batch.rows[i] as number;
        const key = contactEmailKey(values);
        const earlier = firstRowOf.get(key);
        if (earlier !== undefined) {
          skipRow(report, row, duplicateOfRow(earlier));
        } else {
          firstRowOf.set(key, row);
          result.create.push(values);
          result.createRows.push(row);
        }
      });
      return result;
    }
    // update: rows of this batch with one email come to one row, the later cells winning.
    const byKey = new Map<string, ContactValues>();
    for (const values of batch.values) {
      const key = contactEmailKey(values);
      const earlier = byKey.get(key);
      byKey.set(key, earlier ? mergeRows(earlier, values) : values);
    }
    const existing = await contacts.idsByEmail(companyId, [...byKey.keys()], tx);
    for (const [key, values] of byKey) {
      const id = existing.get(key);
      if (id === undefined) result.create.push(values);
      else result.update.push({ id, values });
    }
    return result;
  };

  return inCompany(db, companyId, async (tx) => {
    await takeImportTurn(tx, companyId);
    await shareFunderNames(tx, companyId);
    // Each batch's lookup and writes follow the last batch's on the transaction's connection,
    // while the file reads on: at most two batches wait their turn.
    let previous: Promise<unknown> = Promise.resolve();
    let last: Promise<unknown> = Promise.resolve();
    const write = async (batch: ImportBatch<ContactValues>) => {
      await previous;
      previous = last;
      last = last.then(async () => {
        const { create, createRows, skipKnown, update } = await plan(batch, tx);
        if (create.length > 0) {
          const known = await contacts.insertMany(companyId, create, {
            skipKnownEmails: skipKnown,
            within: tx,
          });
          for (const at of known) skipRow(report, createRows[at] as number, DUPLICATE_OF_CONTACT);
          counts.created += create.length - known.length;
        }
        // Counted apart: the contacts the file changed, and those it would leave as they are.
        if (update.length > 0) {
          const changed = await contacts.updateMany(companyId, update, tx);
          counts.updated += changed;
          counts.unchanged += update.length - changed;
        }
      });
      last.catch(() => {}); // awaited by a later write or below; not left unhandled
    };
    try {
      await write(first.value);
      for await (const batch of rest) await write(batch);
    } catch (error) {
      // The file failed further on: the batches already sent finish (or fail) before the
      // transaction rolls back, so none reaches the connection after it.
      await last.catch(() => {});
      throw error;
    }
    await last;
    return counts;
  });
}
