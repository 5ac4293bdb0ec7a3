import { type AnyColumn, is, SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { invitationStatuses, roles } from '../../domain/company.ts';
import { funderTypes } from '../../domain/funders.ts';
import { grantStatuses, taskCategories, taskStatuses } from '../../domain/grants.ts';
import { interactionTypes } from '../../domain/interactions.ts';
import { opportunityStages } from '../../domain/opportunities.ts';
import { requirementStatuses, requirementTypes } from '../../domain/requirements.ts';

export const userRole = pgEnum('user_role', roles);
export const interactionType = pgEnum('interaction_type', interactionTypes);
export const grantStatus = pgEnum('grant_status', grantStatuses);
export const taskCategory = pgEnum('task_category', taskCategories);
export const taskStatus = pgEnum('task_status', taskStatuses);
export const opportunityStage = pgEnum('opportunity_stage', opportunityStages);
export const invitationStatus = pgEnum('invitation_status', invitationStatuses);
export const funderType = pgEnum('funder_type', funderTypes);
export const requirementType = pgEnum('requirement_type', requirementTypes);
export const requirementStatus = pgEnum('requirement_status', requirementStatuses);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const id = () => integer('id').notNull().generatedAlwaysAsIdentity();
/** When a record last changed: set on every update by a trigger (migration 0024). */
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * Who created a record: the signed-in user of the transaction that inserted it (the
 * transaction-local `app.user_id` that inCompany sets), or null (a script, the reminder jobs).
 * No foreign key: a removed user's records keep the id, and the activity log keeps the name.
 */
const createdBy = () =>
  integer('created_by').default(sql`nullif(current_setting('app.user_id', true), '')::integer`);
/** A row of a company's, numbered within it: the two columns of its key (companyKey). */
const companyRow = () => ({ companyId: companyId(), id: id() });
const companyKey = (t: { companyId: AnyPgColumn; id: AnyPgColumn }) =>
  primaryKey({ columns: [t.companyId, t.id] });
/** When a record was made and last changed, and who made it. */
const recordStamps = () => ({
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  createdBy: createdBy(),
});

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    website: text('website'),
    industry: text('industry'),
    address: text('address'),
    /** The company's time zone (IANA): whose days reminders count and Monday's digest follows. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** How many days before a deadline its reminders go out (besides the day it becomes overdue). */
    reminderDays: integer('reminder_days').array().notNull().default(sql`'{14,7,1}'`),
    createdAt: createdAt(),
  },
  (t) => [
    // Up to ten, each from 0 (the day itself) to 365.
    check(
      'companies_reminder_days_check',
      sql`cardinality(${t.reminderDays}) <= 10 AND 0 <= ALL(${t.reminderDays}) AND 365 >= ALL(${t.reminderDays})`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    ...companyRow(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: userRole('role').notNull().default('user'),
    /** Whether deadline reminders come to this user (email and the notifications menu). */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    /** Whether Monday's digest comes to this user. */
    digestEnabled: boolean('digest_enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    // Sign-in is by username alone, so it is unique across companies, whatever its case.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    // A forgotten-password request names an account by username or email, in any case.
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's token, hex; the token itself is never stored.
    tokenHash: text('token_hash').primaryKey(),
    companyId: companyId(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('sessions_user_idx').on(t.companyId, t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * What the notifications menu lists: deadline reminders and Monday's digest, one per user and
 * `key` (`task:12:2026-12-01:7`, `digest:2026-11-23`), so a reminder is made once however many
 * scans and processes find it due. `emailedAt` is set when its email has gone out (or the
 * recipient's mail server refused it for good).
 */
export const notifications = pgTable(
  'notifications',
  {
    ...companyRow(),
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The page it opens, a path of the app (`/grants/12`). */
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /**
     * Its email is not to be sent before this moment: it is being sent (taken by a process, for
     * as long as a send can take), or the recipient's mail server asked for it later (a full
     * mailbox). Null when it may go at once.
     */
    emailNotBefore: timestamp('email_not_before', { withTimezone: true }),
    /** How many times the recipient's mail server has asked for its email later. */
    emailDeferrals: integer('email_deferrals').notNull().default(0),
  },
  (t) => [
    companyKey(t),
    foreignKey({
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('notifications_user_key').on(t.companyId, t.userId, t.key),
    index('notifications_user_created_idx').on(t.companyId, t.userId, t.createdAt),
    // The reminders of one deadline, whoever has them: the keys that begin with its kind and id,
    // in byte order (migration 0034 deletes them with the deadline).
    index('notifications_deadline_idx').on(t.companyId, sql`(${t.key} COLLATE "C")`),
  ],
);

/**
 * A user's calendar subscription: the secret in its address (/api/calendar/<token>.ics), which
 * calendar applications fetch without a session. Kept as it is, not hashed: its owner is shown
 * the address again, and it reads the company's deadlines only. A new one replaces it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    companyId: companyId(),
    userId: integer('user_id').notNull(),
    token: text('token').notNull(),
    /** The reader's time zone (their browser's, when they last opened the address): whose days
     * the deadlines fall on, as all-day events. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    foreignKey({
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('calendar_feeds_token_key').on(t.token),
  ],
);

/**
 * What the contacts search looks in: name, email and organization joined by a character no one
 * types (U+001F), so a match never spans two fields, in lower case. Kept in a generated column
 * with a trigram index: the search function (migration 0014) matches `LIKE` the lower-cased
 * pattern, without joining and lower-casing each candidate row again.
 */
export function contactSearchText(t: {
  name: AnyPgColumn;
  email: AnyPgColumn;
  organization: AnyPgColumn;
}) {
  return sql`lower(${t.name} || chr(31) || ${t.email} || chr(31) || coalesce(${t.organization}, ''))`;
}

/**
 * What the search over everything (Ctrl+K) looks in for grants, opportunities, funders and
 * tasks: their names and the name beside them, as above, each with a trigram index on the
 * expression (no kept column: these tables are small beside contacts and interactions).
 */
export const grantSearchText = (t: { name: AnyPgColumn; funder: AnyPgColumn }) =>
  sql`lower(${t.name} || chr(31) || ${t.funder})`;
export const opportunitySearchText = (t: { name: AnyPgColumn; organization: AnyPgColumn }) =>
  sql`lower(${t.name} || chr(31) || ${t.organization})`;
export const funderSearchText = (t: { name: AnyPgColumn }) => sql`lower(${t.name})`;
export const taskSearchText = (t: { name: AnyPgColumn; description: AnyPgColumn }) =>
  sql`lower(${t.name} || chr(31) || ${spacesAsOne(t.description)})`;

/** What the interactions search looks in: the notes and the contact's name, as above. */
export function interactionSearchText(t: { notes: AnyPgColumn; contactName: AnyPgColumn }) {
  return sql`lower(${spacesAsOne(t.notes)} || chr(31) || ${t.contactName})`;
}

/**
 * Text that keeps spaces in a row (notes, a description) as a search looks in it: each run one
 * space, as names are stored and searches are written, so 'called   twice' and 'called twice'
 * find each other.
 */
function spacesAsOne(column: AnyPgColumn): SQL {
  return sql`regexp_replace(${column}, ' {2,}', ' ', 'g')`;
}

/**
 * A name as lists sort it: alphabetically, as people read (Unicode's order for every language:
 * adam beside Adam, Émile among the E's), not by code point, which puts every lower-case and
 * accented name after Z. The lists' default orders have indexes in this order.
 */
export function alphabetical(column: AnyPgColumn): SQL {
  const sorted = sql`(${column} COLLATE "und-x-icu")`;
  alphabeticalColumns.set(sorted, column);
  return sorted;
}
const alphabeticalColumns = new WeakMap<SQL, AnyPgColumn>();

/** The column a list's sort term reads: itself, or the one it sorts alphabetically. */
export const sortedColumn = (term: AnyColumn | SQL): AnyColumn | undefined =>
  is(term, SQL) ? alphabeticalColumns.get(term) : term;

/** The key a funder's name is matched by: lower case, without surrounding spaces. */
export const funderKey = (name: AnyPgColumn | SQL) => sql`lower(btrim(${name}))`;

export const contacts = pgTable(
  'contacts',
  {
    ...companyRow(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    organization: text('organization'),
    notes: text('notes'),
    ...recordStamps(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => contactSearchText(contacts)),
    /**
     * The email in lower case, kept for the import's duplicate lookup: compared with `=` (which
     * row-level security lets an index answer, where `lower()` in a query would not).
     */
    emailKey: text('email_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${contacts.email})`),
    /** The organization as a funder's key (funderKey), kept to be compared with `=`, as above. */
    organizationKey: text('organization_key').generatedAlwaysAs(
      (): SQL => funderKey(contacts.organization),
    ),
  },
  (t) => [
    companyKey(t),
    index('contacts_name_idx').on(t.companyId, alphabetical(t.name), t.id),
    index('contacts_organization_idx').on(t.companyId, t.organization),
    // A funder's contacts (its page, its counts, a rename or a merge) are found through this.
    index('contacts_funder_key_idx').on(t.companyId, t.organizationKey),
    // An import finds the contacts a file's emails already belong to (any case) through this.
    index('contacts_email_key_idx').on(t.companyId, t.emailKey),
    // The contacts search (name, email and organization contain the text) reads this index.
    index('contacts_search_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const interactions = pgTable(
  'interactions',
  {
    ...companyRow(),
    contactId: integer('contact_id').notNull(),
    type: interactionType('type').notNull(),
    notes: text('notes').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    // The contact's name, kept by triggers (migration 0010) for the search: set on insert, and
    // on every interaction of a contact when the contact is renamed.
    contactName: text('contact_name').notNull().default(''),
    ...recordStamps(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => interactionSearchText(interactions)),
  },
  (t) => [
    companyKey(t),
    foreignKey({
      columns: [t.companyId, t.contactId],
      foreignColumns: [contacts.companyId, contacts.id],
    }).onDelete('cascade'),
    // Newest first (`date DESC, id DESC`: the list, the dashboard, a contact's and a funder's
    // page) is read from these in their order, a page's rows and no more. DESC puts NULLs first
    // in a query's ORDER BY, and an index must say so too: `.desc()` alone makes them last, and
    // then no query's order matched an index and each page sorted all of the company's rows.
    index('interactions_date_idx').on(
      t.companyId,
      t.date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('interactions_contact_idx').on(
      t.companyId,
      t.contactId,
      t.date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The interactions search (the notes or the contact's name contain the text) reads this.
    index('interactions_search_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const grants = pgTable(
  'grants',
  {
    ...companyRow(),
    name: text('name').notNull(),
    funder: text('funder').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    status: grantStatus('status').notNull().default('draft'),
    notes: text('notes'),
    documentUrl: text('document_url'),
    /** What the funder granted; `amount` stays what was requested. */
    awardedAmount: bigint('awarded_amount', { mode: 'number' }),
    /**
     * Whether the awarded amount is what was asked for, filled in when the grant became Awarded,
     * with nobody giving the award's amount or date since (grants.repository: awardFollowing).
     */
    awardFilledIn: boolean('award_filled_in').notNull().default(false),
    awardedDate: timestamp('awarded_date', { withTimezone: true }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    ...recordStamps(),
    /** The funder as a funder's key (funderKey), kept to be compared with `=` (contacts). */
    funderNameKey: text('funder_key')
      .notNull()
      .generatedAlwaysAs((): SQL => funderKey(grants.funder)),
  },
  (t) => [
    companyKey(t),
    check('grants_amount_check', sql`${t.amount} >= 0`),
    check('grants_awarded_amount_check', sql`${t.awardedAmount} >= 0`),
    check('grants_period_check', sql`${t.periodEnd} >= ${t.periodStart}`),
    index('grants_status_due_idx').on(t.companyId, t.status, t.dueDate),
    index('grants_funder_idx').on(t.companyId, t.funder),
    index('grants_funder_key_idx').on(t.companyId, t.funderNameKey),
    index('grants_search_idx').using('gin', sql`${grantSearchText(t)} gin_trgm_ops`),
  ],
);

/** A row of a grant's own (a task, a requirement): it goes when the grant goes. */
const ofGrant = (t: { companyId: AnyPgColumn; grantId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.companyId, t.grantId],
    foreignColumns: [grants.companyId, grants.id],
  }).onDelete('cascade');

/**
 * Work given to a user of the company. When the user is removed it is unassigned: the migration
 * writes ON DELETE SET NULL (assignee_id), which keeps the row's company.
 */
const assignedTo = (name: string, t: { companyId: AnyPgColumn; assigneeId: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.companyId, t.assigneeId],
    foreignColumns: [users.companyId, users.id],
  }).onDelete('set null');

export const grantTasks = pgTable(
  'grant_tasks',
  {
    ...companyRow(),
    grantId: integer('grant_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: taskCategory('category').notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }),
    status: taskStatus('status').notNull().default('pending'),
    /** A user of the company who does it; none when unassigned or when the user is removed. */
    assigneeId: integer('assignee_id'),
    ...recordStamps(),
  },
  (t) => [
    companyKey(t),
    ofGrant(t),
    assignedTo('grant_tasks_assignee_fk', t),
    index('grant_tasks_grant_idx').on(t.companyId, t.grantId),
    index('grant_tasks_status_idx').on(t.companyId, t.status),
    index('grant_tasks_assignee_idx').on(t.companyId, t.assigneeId),
    index('grant_tasks_search_idx').using('gin', sql`${taskSearchText(t)} gin_trgm_ops`),
  ],
);

/** A grant's dated deliverables: its letter of inquiry, application, reports, site visits. */
export const grantRequirements = pgTable(
  'grant_requirements',
  {
    ...companyRow(),
    grantId: integer('grant_id').notNull(),
    name: text('name').notNull(),
    type: requirementType('type').notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    status: requirementStatus('status').notNull().default('pending'),
    assigneeId: integer('assignee_id'),
    notes: text('notes'),
    ...recordStamps(),
  },
  (t) => [
    companyKey(t),
    ofGrant(t),
    assignedTo('grant_requirements_assignee_fk', t),
    index('grant_requirements_grant_idx').on(t.companyId, t.grantId, t.dueDate),
    index('grant_requirements_due_idx').on(t.companyId, t.status, t.dueDate),
  ],
);

export const opportunities = pgTable(
  'opportunities',
  {
    ...companyRow(),
    name: text('name').notNull(),
    organization: text('organization').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    stage: opportunityStage('stage').notNull().default('prospecting'),
    expectedCloseDate: timestamp('expected_close_date', { withTimezone: true }).notNull(),
    probability: integer('probability'),
    notes: text('notes'),
    ...recordStamps(),
    /** The organization as a funder's key (funderKey), kept to be compared with `=` (contacts). */
    organizationKey: text('organization_key')
      .notNull()
      .generatedAlwaysAs((): SQL => funderKey(opportunities.organization)),
  },
  (t) => [
    companyKey(t),
    check('opportunities_amount_check', sql`${t.amount} >= 0`),
    check(
      'opportunities_probability_check',
      sql`${t.probability} IS NULL OR ${t.probability} BETWEEN 0 AND 100`,
    ),
    index('opportunities_stage_idx').on(t.companyId, t.stage),
    index('opportunities_organization_idx').on(t.companyId, t.organization),
    index('opportunities_funder_key_idx').on(t.companyId, t.organizationKey),
    index('opportunities_search_idx').using('gin', sql`${opportunitySearchText(t)} gin_trgm_ops`),
  ],
);

/**
 * The record behind an organization's name (src/domain/funders.ts). Triggers (migration 0017)
 * add one for each new name a grant, an opportunity or a contact is saved with.
 */
export const funders = pgTable(
  'funders',
  {
    ...companyRow(),
    name: text('name').notNull(),
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => funderKey(funders.name)),
    type: funderType('type'),
    website: text('website'),
    notes: text('notes'),
    ...recordStamps(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('funders_name_key').on(t.companyId, t.nameKey),
    index('funders_name_idx').on(t.companyId, alphabetical(t.name), t.id),
    index('funders_search_idx').using('gin', sql`${funderSearchText(t)} gin_trgm_ops`),
  ],
);

export const userInvitations = pgTable(
  'user_invitations',
  {
    ...companyRow(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: userRole('role').notNull().default('user'),
    // SHA-256 of the emailed token; the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    invitedById: integer('invited_by_id').notNull(),
    status: invitationStatus('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('user_invitations_token_key').on(t.tokenHash),
    // A removed user's invitations are withdrawn with them: nobody may join on their word.
    foreignKey({
      columns: [t.companyId, t.invitedById],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    index('user_invitations_status_idx').on(t.companyId, t.status),
    // One pending invitation per address and company, whatever its case, even when two admins
    // invite at once. One past its expiry is marked expired before a new one goes in.
    uniqueIndex('user_invitations_pending_email_key')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The links emailed to reset a forgotten password. Only the SHA-256 of the link's token is kept;
 * a link works for an hour and once: resetting deletes it, and the user's other links with it.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    ...companyRow(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('password_resets_token_key').on(t.tokenHash),
    // A removed user's links go with them.
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // The links sent to an account lately: a few an hour at most.
    index('password_resets_user_idx').on(t.companyId, t.userId, t.createdAt),
  ],
);

/** The calls throttled per client address (sign-in also per account). */
export const throttledActions = [
  'sign-in',
  'register',
  'accept-invitation',
  'forgot-password',
  'reset-password',
] as const;
export const throttledAction = pgEnum('throttled_action', throttledActions);

/**
 * Attempts at a throttled action, kept 15 minutes. A row goes in when an attempt is let through,
 * before its work, and a success takes it out again (a sign-in's takes out all the account's):
 * what stays are failures and attempts still under way, so requests sent together cannot pass
 * the limit. Recorded before any company is known, so it has no company_id and is not a tenant
 * table.
 */
export const throttleAttempts = pgTable(
  'throttle_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    action: throttledAction('action').notNull(),
    address: text('address').notNull(),
    // The account a sign-in names (lower() of its username); sign-ins are also counted per account.
    usernameKey: text('username_key'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('throttle_attempts_address_idx').on(t.action, t.address, t.at),
    index('throttle_attempts_account_idx').on(t.usernameKey, t.at),
    // The purge of rows past the window.
    index('throttle_attempts_at_idx').on(t.at),
    check(
      'throttle_attempts_account_check',
      sql`(${t.action} = 'sign-in') = (${t.usernameKey} IS NOT NULL)`,
    ),
  ],
);

/** Addresses each account has signed in from: they stay welcome while the account is under attack. */
export const knownLogins = pgTable(
  'known_logins',
  {
    usernameKey: text('username_key').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usernameKey, t.address] })],
);

/**
 * Each company's row count of each list (`list` is the table's name: contacts, interactions,
 * grants, opportunities), kept by triggers in the transaction of every write (migration 0009),
 * so an unfiltered list's total is read, not counted. `version` grows with every write to the
 * list: the page boundaries a server keeps for deep pages (src/server/db/list-helpers.ts) are
 * valid for one version only.
 */
/**
 * The history of every change to a company's records, written by triggers in the transaction
 * of the change (migration 0024): who (by id, and by name, kept when the user is removed), when,
 * which record (its kind, its id and its name at the time), what happened, and for an update each
 * changed column's value before and after. The tenant role may read and add entries, never
 * change or delete them.
 */
export const activity = pgTable(
  'activity',
  {
    ...companyRow(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    title: text('title').notNull(),
    changes: jsonb('changes'),
    // The time of the write itself, not of its transaction's start (now()): a change that
    // waited on another's row (a member removed while a task was assigned to them) is stamped
    // after the change it waited for, as it follows it in the history.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [companyKey(t), index('activity_record_idx').on(t.companyId, t.entity, t.entityId, t.id)],
);

export const listCounts = pgTable(
  'list_counts',
  {
    companyId: companyId(),
    list: text('list').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.list] })],
);
