import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema.ts';
import { beforeCompanyIsKnown } from '../../src/server/db/scope.ts';
import { hashToken } from '../../src/server/lib/tokens.ts';
import {
  addMember,
  DEFAULT_PASSWORD,
  login,
  randomAddress,
  registerCompany,
  registrationFor,
} from '../helpers/factories.ts';
import { appForThisFile, buildTestApp, sessionCookieOf } from '../helpers/test-app.ts';

const app = await appForThisFile();

const currentUser = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

describe('POST /api/register', () => {
  it('creates a company named after the organization, makes the user its admin and signs in', async () => {
    const body = registrationFor({ organization: 'River Trust' });
    const response = await app.inject({ method: 'POST', url: '/api/register', payload: body });

    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      username: body.username,
      name: body.name,
      email: body.email,
      role: 'admin',
      companyName: 'River Trust',
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');

    const me = await currentUser(sessionCookieOf(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that is not Secure over http', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registrationFor(),
    });
    const cookie = response.cookies.find((c) => c.name === 'grantwell_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeUndefined();
    expect(Buffer.from(cookie?.value ?? '', 'base64url')).toHaveLength(32);
  });

  it('ignores a companyId and role sent by the client', async () => {
    const first = await registerCompany(app);
    const body = registrationFor({ companyId: first.user.companyId, role: 'user' });
    const response = await app.inject({ method: 'POST', url: '/api/register', payload: body });

    expect(response.statusCode).toBe(201);
    expect(response.json().companyId).not.toBe(first.user.companyId);
    expect(response.json().role).toBe('admin');
  });

  it("gives the new company the browser's time zone, as the IANA names it now; UTC for one it does not know, or none", async () => {
    const zoneAfter = async (timeZone?: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationFor(timeZone === undefined ? {} : { timeZone }),
        remoteAddress: randomAddress(),
      });
      expect(response.statusCode, response.body).toBe(201);
      const cookie = sessionCookieOf(response);
      const settings = await app.inject({
        method: 'GET',
        url: '/api/organization/reminders',
        headers: { cookie },
      });
      return settings.json<{ timeZone: string }>().timeZone;
    };
    expect(await zoneAfter('America/New_York')).toBe('America/New_York');
    expect(await zoneAfter('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(await zoneAfter('Mars/Olympus_Mons')).toBe('UTC');
    expect(await zoneAfter('SystemV/AST4')).toBe('UTC');
    expect(await zoneAfter()).toBe('UTC');
  });

  it('answers 409 for a username already taken, whatever its case, and creates nothing', async () => {
    const first = await registerCompany(app);
    const body = registrationFor({ username: first.username.toUpperCase() });
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: body,
      remoteAddress: randomAddress(),
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Username already exists',
      issues: [{ path: 'username', message: 'Username already exists' }],
    });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers 400 with the first message and every issue for invalid input', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'ab', password: '123', name: '', email: 'nope', organization: ' ' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Username must be at least 3 characters',
      issues: [
        { path: 'username', message: 'Username must be at least 3 characters' },
        { path: 'name', message: 'Name is required' },
        { path: 'organization', message: 'Organization is required' },
        { path: 'email', message: 'Invalid email format' },
        { path: 'password', message: 'Password must be at least 8 characters' },
        { path: 'password', message: 'Password must contain at least one uppercase letter' },
      ],
    });
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and issues a new token every time', async () => {
    const { username, password, user } = await registerCompany(app);
    const first = await login(app, username, password);
    const second = await login(app, username, password);

    expect(first).not.toBe(second);
    expect((await currentUser(first)).json()).toEqual(user);
    expect((await currentUser(second)).json()).toEqual(user);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const { cookie } = await registerCompany(app);
    const token = cookie.split('=')[1] ?? '';
    const rows = await beforeCompanyIsKnown(app.db, (tx) =>
      tx.select({ tokenHash: sessions.tokenHash }).from(sessions),
    );
    const stored = rows.map((r) => r.tokenHash);
    expect(stored).toContain(hashToken(token));
    expect(stored).not.toContain(token);
  });

  it('takes a password with accents however they were typed: one character each, or a letter and its accent', async () => {
    const composed = 'P\u00e4ssw\u00f6rd-1';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const signedUpComposed = await registerCompany(app, { password: composed });
    await login(app, signedUpComposed.username, decomposed);
    const signedUpDecomposed = await registerCompany(app, { password: decomposed });
    await login(app, signedUpDecomposed.username, composed);
    // Still a different password: no accent is not the same.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: signedUpComposed.username, password: 'Passworde-1' },
      remoteAddress: randomAddress(),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('gives a wrong password and an unknown user the same 401 answer', async () => {
    const { username } = await registerCompany(app);
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'not-the-password' },
      remoteAddress: randomAddress(),
    });
    const unknownUser = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody-here', password: DEFAULT_PASSWORD },
      remoteAddress: randomAddress(),
    });

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('requires a username and a password', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Username is required');
    expect(response.json().issues).toContainEqual({
      path: 'password',
      message: 'Password is required',
    });
  });

  it('signs in a member of an existing company with their role', async () => {
    const admin = await registerCompany(app);
    const member = await addMember(app, admin.user.companyId, 'user');
    expect(member.user).toMatchObject({
      role: 'user',
      companyId: admin.user.companyId,
      companyName: admin.user.companyName,
    });
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers 401 when signed out or with an unknown cookie', async () => {
    const signedOut = await currentUser();
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Not signed in' });
    expect((await currentUser('grantwell_session=forged')).statusCode).toBe(401);
  });

  it('ends the session on logout: the same cookie no longer works', async () => {
    const { cookie } = await registerCompany(app);
    const response = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });

    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'grantwell_session');
    expect(cleared?.value).toBe('');
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site, for 7 days; logout expires it', async () => {
    const { username, password } = await registerCompany(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress: randomAddress(),
    });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^grantwell_session=[A-Za-z0-9_-]{40,};/);
    expect(header).toContain('Path=/');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).not.toContain('Secure');
    const expires = Date.parse(/Expires=([^;]+)/.exec(header)?.[1] ?? '');
    expect(Math.abs(expires - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    const cookie = header.split(';')[0] as string;
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    const cleared = String(out.headers['set-cookie']);
    expect(cleared).toMatch(/^grantwell_session=;/);
    expect(cleared).toContain('Path=/');
    expect(Date.parse(/Expires=([^;]+)/.exec(cleared)?.[1] ?? '')).toBe(0);
  });

  it('over https, names the cookie __Host- and sends it Secure only', async () => {
    const secure = await buildTestApp({ appUrl: new URL('https://crm.example.org') });
    try {
      const { username, password } = registrationFor();
      const registered = await secure.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationFor({ username, password }),
        remoteAddress: randomAddress(),
      });
      expect(registered.statusCode).toBe(201);
      const response = await secure.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password },
        remoteAddress: randomAddress(),
      });
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/^__Host-grantwell_session=/);
      expect(header).toContain('Secure');
      const cookie = header.split(';')[0] as string;
      const user = await secure.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(user.statusCode).toBe(200);
      // The plain name is not read over https.
      const plain = cookie.replace('__Host-', '');
      expect(
        (await secure.inject({ method: 'GET', url: '/api/user', headers: { cookie: plain } }))
          .statusCode,
      ).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('ends only the session that logs out', async () => {
    const { username, password } = await registerCompany(app);
    const laptop = await login(app, username, password);
    const phone = await login(app, username, password);
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: laptop } });

    expect((await currentUser(laptop)).statusCode).toBe(401);
    expect((await currentUser(phone)).statusCode).toBe(200);
  });
});
