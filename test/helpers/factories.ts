import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../src/domain/auth.ts';
import type { Role } from '../../src/domain/company.ts';
import { createUser } from '../../src/server/accounts/users.ts';
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
