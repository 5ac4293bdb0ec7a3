import { and, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  CONTACT_CSV_COLUMNS,
  type Contact,
  type ContactListParams,
  type ContactSortField,
  type ContactValues,
} from '../../../domain/contacts.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { ExportColumn } from '../../db/export-stream.ts';
import * as lists from '../../db/list-helpers.ts';
import { companyRow, deleteCompanyRow, insertRow, updateRow } from '../../db/rows.ts';
import { contacts, grants, opportunities } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

/** A contact as the API answers it (other modules' lists of contacts select the same). */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  organization: contacts.organization,
  notes: contacts.notes,
  companyId: contacts.companyId,
};

const order = lists.listOrder<ContactSortField>(
  contacts.id,
  {
    name: contacts.name,
    email: contacts.email,
    organization: contacts.organization,
    createdAt: contacts.createdAt,
  },
  contacts.name,
  'asc',
);

/** The contacts list of a company for `params`: its filter and its search. */
const contactList = (companyId: number, params: ContactListParams) => ({
  table: contacts,
  companyId,
  columns: contactColumns,
  filters: { organization: lists.equalsIfSet(contacts.organization, params.organization) },
  search: lists.searchFor('contacts_search_page', params.q, params.organization),
});

/** A contact in an export: the columns of the import template, so a file can come back. */
const contactExport: ExportColumn[] = CONTACT_CSV_COLUMNS.map((label) => ({
  label,
  column: contacts[label],
}));

export function createContactsRepository(db: Database) {
  const byId = companyRow(contacts);

  return {
    async get(companyId: number, id: number, within?: Transaction): Promise<Contact | null> {
      const [row] = await inCompany(within ?? db, companyId, (tx) =>
        tx.select(contactColumns).from(contacts).where(byId(companyId, id)),
      );
      return row ?? null;
    },

    ...lists.companyListing(db, order, contactList, (contact: Contact) => contact, contactExport),

    create(companyId: number, values: ContactValues, within?: Transaction): Promise<Contact> {
      return inCompany(within ?? db, companyId, (tx) =>
        insertRow(tx, contacts, contactColumns, { ...values, companyId }),
      );
    },

    update(
      companyId: number,
      id: number,
      values: Partial<ContactValues>,
      within?: Transaction,
    ): Promise<Contact | null> {
      return inCompany(within ?? db, companyId, (tx) =>
        updateRow(tx, contacts, contactColumns, byId(companyId, id), values),
      );
    },

    /** Deletes the contact and, through the foreign key, its interactions. */
    remove(companyId: number, id: number, within?: Transaction): Promise<boolean> {
      return inCompany(within ?? db, companyId, (tx) =>
        deleteCompanyRow(tx, contacts, companyId, id),
      );
    },

    /**
     * Inserts every batch or, if anything fails, none: one transaction for the whole file, begun
     * only once the first batch is ready (a file with no valid row takes none). Each batch is one
     * statement with a column of values per array parameter (`unnest`), sent while the next batch
     * is parsed, so parsing and loading overlap. The batches must come from memory (a file
     * already received whole): the transaction is open while they are read.
     */
    async importBatches(
      companyId: number,
      batches: AsyncIterable<ContactValues[]>,
      within?: Transaction,
    ): Promise<number> {
      const iterator = batches[Symbol.asyncIterator]();
      const first = await iterator.next();
      if (first.done) return 0;
      const rest: AsyncIterable<ContactValues[]> = { [Symbol.asyncIterator]: () => iterator };
      return inCompany(within ?? db, companyId, async (tx) => {
        const insert = (batch: ContactValues[]) => {
          const column = (pick: (row: ContactValues) => string | null | undefined) =>
            sql.param(batch.map((row) => pick(row) ?? null));
          return tx.execute(sql`
            INSERT INTO ${contacts} (company_id, name, email, phone, organization, notes)
            SELECT ${companyId}, * FROM unnest(
              ${column((row) => row.name)}::text[],
              ${column((row) => row.email)}::text[],
              ${column((row) => row.phone)}::text[],
              ${column((row) => row.organization)}::text[],
              ${column((row) => row.notes)}::text[]
            )`);
        };
        // One statement at a time on the transaction's connection, each sent while the next
        // batch is parsed. A query runs each time it is awaited: make it one promise, run once.
        let loading: Promise<unknown> = Promise.resolve();
        let imported = 0;
        const send = async (batch: ContactValues[]) => {
          await loading;
          loading = Promise.resolve(insert(batch));
          loading.catch(() => {}); // awaited by the next send or below; not left unhandled
          imported += batch.length;
        };
        await send(first.value);
        for await (const batch of rest) await send(batch);
        await loading;
        return imported;
      });
    },

    /**
     * Organization names the company already uses (contacts, grant funders, opportunities), so a
     * new contact can match them exactly.
     */
    async organizationNames(
      companyId: number,
      q: string | undefined,
      limit = 20,
      within?: Transaction,
    ) {
      const pattern = lists.containsPattern(q ?? '');
      const rows = await inCompany(within ?? db, companyId, (tx) =>
        union(
          tx
            .select({ name: sql<string>`${contacts.organization}`.as('name') })
            .from(contacts)
            .where(
              and(
                eq(contacts.companyId, companyId),
                isNotNull(contacts.organization),
                ilike(contacts.organization, pattern),
              ),
            ),
          tx
            .select({ name: sql<string>`${grants.funder}`.as('name') })
            .from(grants)
            .where(and(eq(grants.companyId, companyId), ilike(grants.funder, pattern))),
          tx
            .select({ name: sql<string>`${opportunities.organization}`.as('name') })
            .from(opportunities)
            .where(
              and(
                eq(opportunities.companyId, companyId),
                ilike(opportunities.organization, pattern),
              ),
            ),
        )
          .orderBy(sql`name`)
          .limit(limit),
      );
      return rows.map((row) => row.name);
    },
  };
}
