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
import { companyRecords, type RowOf, rowsOf, stampColumns, withIsoStamps } from '../../db/rows.ts';
import { alphabetical, contacts, grants, opportunities } from '../../db/schema.ts';
import { inCompany } from '../../db/scope.ts';

/**
 * A contact's email as its `email_key` column holds it (lower case): duplicates in an import are
 * found by it, in the file and among the company's contacts alike.
 */
export const contactEmailKey = (values: { email: string }) => values.email.toLowerCase();

/** A contact an import found by its email. */
export type FoundContact = ContactValues & { id: number };

/** What a contact says of its person (the fields a form or an import writes). */
const contactValueColumns = {
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  organization: contacts.organization,
  notes: contacts.notes,
};

/** A contact as the API answers it (other modules' lists of contacts select the same). */
export const contactColumns = {
  id: contacts.id,
  ...contactValueColumns,
  companyId: contacts.companyId,
  ...stampColumns(contacts),
};

/** A contact as the API answers it, from its row. */
export const toContact = (row: RowOf<Contact>): Contact => withIsoStamps(row);

const order = lists.listOrder<ContactSortField>(
  contacts.id,
  {
    name: alphabetical(contacts.name),
    email: alphabetical(contacts.email),
    organization: alphabetical(contacts.organization),
    createdAt: contacts.createdAt,
  },
  alphabetical(contacts.name),
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
  return {
    // Deleting a contact deletes its interactions too, through their foreign key.
    ...companyRecords<ContactValues>()(db, contacts, contactColumns, toContact),
    ...lists.companyListing(db, order, contactList, toContact, contactExport),

    /**
     * Inserts the rows in one statement, a column of values per array parameter (`unnest`).
     * With `skipKnownEmails`, a row whose email (in any case) a contact of the company already
     * has is left out, in the same statement; answers the positions (from 0) of the rows left
     * out.
     */
    async insertMany(
      companyId: number,
      rows: ContactValues[],
      { skipKnownEmails = false, within }: { skipKnownEmails?: boolean; within?: Transaction } = {},
    ): Promise<number[]> {
      const column = (pick: (row: ContactValues) => string | null | undefined) =>
        sql.param(rows.map((row) => pick(row) ?? null));
      const isKnown = skipKnownEmails
        ? sql`EXISTS (SELECT 1 FROM ${contacts} AS c
            WHERE c.company_id = ${companyId} AND c.email_key = r.email_key)`
        : sql`false`;
      const known = await inCompany(within ?? db, companyId, (tx) =>
        rowsOf<{ at: number }>(
          tx,
          sql`
          WITH input AS MATERIALIZED (
            SELECT *, ${isKnown} AS known FROM unnest(
              ${column((row) => row.name)}::text[],
              ${column((row) => row.email)}::text[],
              ${column((row) => row.phone)}::text[],
              ${column((row) => row.organization)}::text[],
              ${column((row) => row.notes)}::text[],
              ${column((row) => (skipKnownEmails ? contactEmailKey(row) : null))}::text[]
            ) WITH ORDINALITY AS r(name, email, phone, organization, notes, email_key, at)
          ), added AS (
            INSERT INTO ${contacts} (company_id, name, email, phone, organization, notes)
            SELECT ${companyId}, name, email, phone, organization, notes
            FROM input WHERE NOT known ORDER BY at
          )
          SELECT at::int - 1 AS at FROM input WHERE known ORDER BY at`,
        ),
      );
      return known.map((row) => row.at);
    },

    /**
     * Updates each contact from its row in one statement: the name always, and phone,
     * organization and notes where the row has a value (a blank cell keeps what is there). A
     * contact the row would leave as it is is not written.
     */
    async updateMany(
      companyId: number,
      rows: { id: number; values: ContactValues }[],
      within?: Transaction,
    ): Promise<void> {
      await inCompany(within ?? db, companyId, async (tx) => {
        const column = (pick: (values: ContactValues) => string | null | undefined) =>
          sql.param(rows.map((row) => pick(row.values) ?? null));
        await tx.execute(
          sql`
          UPDATE ${contacts} AS c SET
            name = v.name,
            phone = coalesce(v.phone, c.phone),
            organization = coalesce(v.organization, c.organization),
            notes = coalesce(v.notes, c.notes)
          FROM unnest(
            ${sql.param(rows.map((row) => row.id))}::int[],
            ${column((values) => values.name)}::text[],
            ${column((values) => values.phone)}::text[],
            ${column((values) => values.organization)}::text[],
            ${column((values) => values.notes)}::text[]
          ) AS v(id, name, phone, organization, notes)
          WHERE c.company_id = ${companyId} AND c.id = v.id
            AND (c.name, c.phone, c.organization, c.notes) IS DISTINCT FROM
                (v.name, coalesce(v.phone, c.phone), coalesce(v.organization, c.organization),
                 coalesce(v.notes, c.notes))`,
        );
      });
    },

    /**
     * The contacts each email (lower case) belongs to, in any case, as they are now, oldest
     * first (contacts may share an email: a team's info@ address). Held against other changes (in id order within the call,
     * as other writers of several contacts take them; an import's later batches take theirs
     * after its earlier ones, so a writer crossing it may deadlock, answered 409 'try again')
     * until `within` ends, so that what an import counts from them is what it then writes over.
     */
    async byEmail(
      companyId: number,
      emails: string[],
      within: Transaction,
    ): Promise<Map<string, [FoundContact, ...FoundContact[]]>> {
      if (emails.length === 0) return new Map();
      const rows = await inCompany(within, companyId, (tx) =>
        tx
          .select({ key: contacts.emailKey, id: contacts.id, ...contactValueColumns })
          .from(contacts)
          .where(
            and(
              eq(contacts.companyId, companyId),
              sql`${contacts.emailKey} = ANY(${sql.param(emails)}::text[])`,
            ),
          )
          .orderBy(contacts.id)
          .for('no key update'),
      );
      const found = new Map<string, [FoundContact, ...FoundContact[]]>();
      for (const { key, ...contact } of rows) {
        const same = found.get(key);
        if (same) same.push(contact);
        else found.set(key, [contact]);
      }
      return found;
    },

    /**
     * Organization names the company already uses (contacts, grant funders, opportunities), so a
     * new contact can match them exactly: the first `limit` in alphabetical order, as the lists
     * sort names (each column read in that collation, as the order of a union may only name its
     * columns).
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
            .select({ name: sql<string>`${alphabetical(contacts.organization)}`.as('name') })
            .from(contacts)
            .where(
              and(
                eq(contacts.companyId, companyId),
                isNotNull(contacts.organization),
                ilike(contacts.organization, pattern),
              ),
            ),
          tx
            .select({ name: sql<string>`${alphabetical(grants.funder)}`.as('name') })
            .from(grants)
            .where(and(eq(grants.companyId, companyId), ilike(grants.funder, pattern))),
          tx
            .select({ name: sql<string>`${alphabetical(opportunities.organization)}`.as('name') })
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
