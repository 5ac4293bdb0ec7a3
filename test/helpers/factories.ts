import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../src/domain/auth.ts';
import type { Role } from '../../src/domain/company.ts';
import { createUser } from '../../src/server/accounts/users.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { clientFor } from './requests.ts';
import { sessionCookieOf } from './test-app.ts';

export const DEFAULT_PASSWORD = 'Correct-horse-7';

export const uniqueUsername = (prefix = 'user') => `${prefix}_${randomUUID().slice(0, 8)}`;

/**
 * A client address of its own (in 10.0.0.0/8): the throttles count failures per address in
 * tables every test file shares on one database, so requests that sign up, accept or sign in
 * come from their own address unless a test means to share one.
 */
export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface SignedInUser {
  user: CurrentUser;
  username: string;
  password: string;
  cookie: string;
}

export function registrationFor(overrides: Record<string, unknown> = {}) {
  return {
    username: uniqueUsername('admin'),
    password: DEFAULT_PASSWORD,
    name: 'Ada Admin',
    email: 'ada@example.org',
    organization: `Helping Hands ${randomUUID().slice(0, 6)}`,
    ...overrides,
  };
}

/** A client signed in as the admin of a new company (registerCompany). */
export async function newCompanyClient(app: FastifyInstance) {
  const { cookie } = await registerCompany(app);
  return clientFor(app, cookie);
}

/** Registers a new company through the API; its first user is signed in and is its admin. */
export async function registerCompany(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  address = randomAddress(),
): Promise<SignedInUser> {
  const body = registrationFor(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body,
    remoteAddress: address,
  });
  if (response.statusCode !== 201) {
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  }
  return {
    user: response.json<CurrentUser>(),
    username: body.username,
    password: body.password,
    cookie: sessionCookieOf(response),
  };
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  address = randomAddress(),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: address,
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return sessionCookieOf(response);
}

/** Adds a member to an existing company and signs them in. */
export async function addMember(
  app: FastifyInstance,
  companyId: number,
  role: Role = 'user',
): Promise<SignedInUser> {
  const username = uniqueUsername(role);
  const passwordHash = await hashPassword(DEFAULT_PASSWORD, 'test');
  await inCompany(app.db, companyId, (tx) =>
    createUser(tx, {
      companyId,
      username,
      passwordHash,
      name: `Member ${username}`,
      email: `${username}@example.org`,
      role,
    }),
  );
  const cookie = await login(app, username, DEFAULT_PASSWORD);
  const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  return { user: me.json<CurrentUser>(), username, password: DEFAULT_PASSWORD, cookie };
}

/**
 * `count` contacts of the company, of `organization`, saved straight into the table (many at
 * once, as an import would); answers their ids.
 */
export async function insertContacts(
  app: FastifyInstance,
  companyId: number,
  count: number,
  organization: string | null = null,
): Promise<number[]> {
  const rows = await inCompany(app.db, companyId, (tx) =>
    rowsOf<{ id: number }>(
      tx,
      sql`
      INSERT INTO contacts (company_id, name, email, organization)
      SELECT ${companyId}, 'Contact ' || g, 'contact' || g || '.' || ${randomUUID()} || '@example.org',
        ${organization}
      FROM generate_series(1, ${count}) AS g
      RETURNING id`,
    ),
  );
  return rows.map((row) => row.id);
}

/**
 * `count` interactions saved straight into the table, of each of `contactIds` in turn: the
 * newest `daysAgo` days ago, then back a day for every `perDay` of them (a day's share at the
 * same moment, so the newest first go by id too).
 */
export async function insertInteractions(
  app: FastifyInstance,
  companyId: number,
  contactIds: number[],
  count: number,
  { daysAgo = 0, perDay = 5 } = {},
): Promise<void> {
  await inCompany(app.db, companyId, (tx) =>
    tx.execute(sql`
      INSERT INTO interactions (company_id, contact_id, type, notes, date)
      SELECT ${companyId}, (${sql.param(contactIds)}::int[])[1 + g % ${contactIds.length}], 'call',
        'Checked in', date_trunc('day', now()) - (${daysAgo} + g / ${perDay}) * interval '1 day'
      FROM generate_series(0, ${count - 1}) AS g`),
  );
}
