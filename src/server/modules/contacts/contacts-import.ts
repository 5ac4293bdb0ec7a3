import {
  type ContactValues,
  DUPLICATE_OF_CONTACT,
  duplicateOfRow,
  EMAIL_OF_SEVERAL_CONTACTS,
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
 * contact already has, the rows of `createRows`), contacts to update, and the rows that, when
 * duplicates update, update a contact or find it up to date (`updatedRows`, `unchangedRows`).
 */
interface BatchPlan {
  create: ContactValues[];
  createRows: number[];
  skipKnown: boolean;
  update: { id: number; values: ContactValues }[];
  updatedRows: number;
  unchangedRows: number;
}

/**
 * A row over the contact before it (the company's, or the one earlier rows of the file make):
 * its values, blanks aside.
 */
const mergeRows = (earlier: ContactValues, later: ContactValues): ContactValues => ({
  name: later.name,
  email: earlier.email,
  phone: later.phone ?? earlier.phone,
  organization: later.organization ?? earlier.organization,
  notes: later.notes ?? earlier.notes,
});

/** Whether two contacts hold the same values, of those a row can change (all but the email). */
const sameContact = (a: ContactValues, b: ContactValues) =>
  a.name === b.name &&
  a.phone === b.phone &&
  a.organization === b.organization &&
  a.notes === b.notes;

/** The rows of a batch with one email: one at least. */
type EmailRows = [ContactValues, ...ContactValues[]];

/**
 * What the rows of a batch with one email come to, and how each of them is counted (the first
 * row of an email new to the company is counted as the contact created).
 */
interface EmailOutcome {
  /** The contact as the rows leave it. */
  values: ContactValues;
  updated: number;
  unchanged: number;
}

/**
 * The rows of a batch with one email, in the file's order, over the contact they find (`found`;
 * undefined: none): each row updates the contact before it, the one the first row creates when
 * none was found, or finds it up to date, and is counted so. A contact the rows leave as it was
 * found (the same file imported again, whose rows would change it and change it back) is up to
 * date for every one of them: nothing of it is written. This is within the batch: rows of one
 * email in different batches each count against the contact as the batches before left it.
 */
function outcomeOf(found: ContactValues | undefined, rows: EmailRows): EmailOutcome {
  const [first, ...later] = rows;
  // None found: the first row creates the contact, and the later ones update it.
  const outcome = { updated: 0, unchanged: 0 };
  let contact = found ?? first;
  for (const row of found === undefined ? later : rows) {
    const next = mergeRows(contact, row);
    if (sameContact(next, contact)) outcome.unchanged += 1;
    else outcome.updated += 1;
    contact = next;
  }
  if (found !== undefined && sameContact(contact, found)) {
    return { values: contact, updated: 0, unchanged: rows.length };
  }
  return { values: contact, ...outcome };
}

/** The rows of a batch by email (lower case), each email's in the file's order, with their numbers. */
function rowsByEmail(
  batch: ImportBatch<ContactValues>,
): Map<string, { values: EmailRows; rows: number[] }> {
  const byKey = new Map<string, { values: EmailRows; rows: number[] }>();
  batch.values.forEach((values, i) => {
    const key = contactEmailKey(values);
    const row = batch.rows[i] as number;
    const same = byKey.get(key);
    if (same) {
      same.values.push(values);
      same.rows.push(row);
    } else byKey.set(key, { values: [values], rows: [row] });
  });
  return byKey;
}

/**
 * Imports the batches of a file into the company, all or nothing: one transaction for the whole
 * file, begun only once the first batch is ready (a file with no valid row takes none). A row
 * whose email a contact of the company already has (in any case), or an earlier row of the file,
 * is a duplicate, and `duplicates` says what it does:
 * - `skip` leaves it out, listed in `report` with the row it repeats;
 * - `update` updates that contact from it (a blank cell keeps the contact's value), and is
 *   counted as an update, or as already up to date when it changes nothing (outcomeOf); where
 *   several contacts of the company have the email, it changes none of them: it is up to date
 *   when one of them already holds it, and is skipped otherwise;
 * - `create` imports it as a contact of its own.
 *
 * Every row of the file is counted once: created, updated, up to date or skipped.
 *
 * An import that looks for duplicates is refused (409) while another of the company's runs, so
 * a file sent twice at once is imported once.
 *
 * Each batch is looked up and written while the next ones are parsed; a batch's lookup of
 * existing contacts comes after the last batch's writes, so it sees the contacts this file has
 * just created. The batches must come from memory (a file already received whole): the
 * transaction is open while they are read. `beforeCommit` may still undo it all, by throwing,
 * once every row is written.
 */
export async function importContacts(
  db: Database,
  contacts: ContactsRepository,
  companyId: number,
  batches: AsyncIterable<ImportBatch<ContactValues>>,
  {
    duplicates,
    report,
    beforeCommit,
  }: { duplicates: DuplicateChoice; report: ImportReport; beforeCommit: () => void },
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
    const result: BatchPlan = {
      create: [],
      createRows: [],
      skipKnown: false,
      update: [],
      updatedRows: 0,
      unchangedRows: 0,
    };
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
    // update: each contact is written once, as the rows of this batch with its email leave it.
    const byKey = rowsByEmail(batch);
    const existing = await contacts.byEmail(companyId, [...byKey.keys()], tx);
    for (const [key, { values: rows, rows: numbers }] of byKey) {
      const [found, ...others] = existing.get(key) ?? [];
      if (found !== undefined && others.length > 0) {
        // Which of the contacts a row means is not known: none is changed. A row that one of
        // them already holds (the company's own export imported again) finds it up to date.
        rows.forEach((row, i) => {
          if ([found, ...others].some((contact) => sameContact(mergeRows(contact, row), contact))) {
            result.unchangedRows += 1;
          } else skipRow(report, numbers[i] as number, EMAIL_OF_SEVERAL_CONTACTS);
        });
        continue;
      }
      const outcome = outcomeOf(found, rows);
      result.updatedRows += outcome.updated;
      result.unchangedRows += outcome.unchanged;
      if (found === undefined) result.create.push(outcome.values);
      else if (outcome.updated > 0) result.update.push({ id: found.id, values: outcome.values });
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
        const planned = await plan(batch, tx);
        const { create, createRows, skipKnown, update } = planned;
        if (create.length > 0) {
          const known = await contacts.insertMany(companyId, create, {
            skipKnownEmails: skipKnown,
            within: tx,
          });
          for (const at of known) skipRow(report, createRows[at] as number, DUPLICATE_OF_CONTACT);
          counts.created += create.length - known.length;
        }
        if (update.length > 0) await contacts.updateMany(companyId, update, tx);
        // Counted apart: the rows that changed a contact, and those that found it up to date.
        counts.updated += planned.updatedRows;
        counts.unchanged += planned.unchangedRows;
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
    beforeCommit();
    return counts;
  });
}
