import { describe, expect, it } from 'vitest';
import { addMember, login, randomAddress, registerCompany } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

const NEW_PASSWORD = 'Brand-new-pass-9';

async function signedInMember() {
  const admin = await registerCompany(app);
  const member = await addMember(app, admin.user.companyId);
  // Wrong current passwords count as failed sign-ins from the address: each test has its own.
  return { admin, member, as: clientFor(app, member.cookie, randomAddress()) };
}

describe('the profile: one’s own name and email address', () => {
  it('changes the name; the team list shows it', async () => {
    const { admin, member, as } = await signedInMember();
    const response = await as.patch('/api/user', { name: '  Mina Member ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member.user.id, name: 'Mina Member' });
    expect((await as.get('/api/user')).json().name).toBe('Mina Member');
    const team = (await clientFor(app, admin.cookie).get('/api/organization/users')).json();
    expect(team).toContainEqual(
      expect.objectContaining({ id: member.user.id, name: 'Mina Member' }),
    );
  });

  it('changes the email address only with the current password', async () => {
    const { member, as } = await signedInMember();
    const email = 'mina.new@example.org';

    const without = await as.patch('/api/user', { email });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      message: 'Current password is required',
      issues: [{ path: 'currentPassword', message: 'Current password is required' }],
    });
    const wrong = await as.patch('/api/user', { email, currentPassword: 'Not-my-pass-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    expect((await as.get('/api/user')).json().email).toBe(member.user.email);

    const right = await as.patch('/api/user', { email, currentPassword: member.password });
    expect(right.statusCode).toBe(200);
    expect(right.json().email).toBe(email);
    // The same address again is no change, and needs no password.
    expect((await as.patch('/api/user', { email, name: 'Mina' })).statusCode).toBe(200);
    // A misspelt address with its password changes nothing: refused, not answered as saved.
    const misspelt = await as.patch('/api/user', {
      emial: 'mina.other@example.org',
      currentPassword: member.password,
    });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().message).toBe(
      'Nothing to change: "emial" is not a field of this record',
    );
    const passwordAlone = await as.patch('/api/user', { currentPassword: member.password });
    expect(passwordAlone.statusCode).toBe(400);
    expect(passwordAlone.json()).toEqual({ message: 'Nothing to change' });
  });

  it('refuses bad values with the spec messages, changing nothing', async () => {
    const { member, as } = await signedInMember();
    for (const [body, message] of [
      [{ name: '   ' }, 'Name is required'],
      [{ email: 'not-an-email', currentPassword: member.password }, 'Invalid email format'],
      [{ name: 'x'.repeat(201) }, 'Must be at most 200 characters'],
    ] as const) {
      const response = await as.patch('/api/user', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await as.get('/api/user')).json()).toEqual(member.user);
  });

  it('ignores a role or company sent along: the server decides those', async () => {
    const { member, as } = await signedInMember();
    const other = await registerCompany(app);
    const response = await as.patch('/api/user', {
      name: 'Still A Member',
      role: 'admin',
      companyId: other.user.companyId,
      id: other.user.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: member.user.id,
      role: 'user',
      companyId: member.user.companyId,
    });
    expect((await clientFor(app, other.cookie).get('/api/user')).json().name).toBe('Ada Admin');
  });

  it('is for signed-in users only', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      payload: { name: 'X' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('changing one’s own password', () => {
  it('takes the current password; this session stays, the others end', async () => {
    const { member, as } = await signedInMember();
    const laptop = await login(app, member.username, member.password);
    const colleague = await addMember(app, member.user.companyId);

    const response = await as.post('/api/user/password', {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your password has been changed. You have been signed out everywhere else.',
    });
    expect((await as.get('/api/user')).statusCode).toBe(200);
    expect((await clientFor(app, laptop).get('/api/user')).statusCode).toBe(401);
    expect((await clientFor(app, colleague.cookie).get('/api/user')).statusCode).toBe(200);
    await expect(login(app, member.username, member.password)).rejects.toThrow();
    await login(app, member.username, NEW_PASSWORD);
  });

  it('refuses a wrong current password or a new one that breaks the rule, changing nothing', async () => {
    const { member, as } = await signedInMember();
    const laptop = await login(app, member.username, member.password);
    const cases = [
      [
        { currentPassword: 'Wrong-pass-1', newPassword: NEW_PASSWORD },
        'Current password is incorrect',
      ],
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Current password is required'],
      [
        { currentPassword: member.password, newPassword: 'short1A' },
        'Password must be at least 8 characters',
      ],
      [
        { currentPassword: member.password, newPassword: 'no-capitals-1' },
        'Password must contain at least one uppercase letter',
      ],
      [
        { currentPassword: member.password, newPassword: 'No-digits-here' },
        'Password must contain at least one number',
      ],
    ] as const;
    for (const [body, message] of cases) {
      const response = await as.post('/api/user/password', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await clientFor(app, laptop).get('/api/user')).statusCode).toBe(200);
    await login(app, member.username, member.password);
  });

  it('counts wrong current passwords as failed sign-ins: the eleventh is held back', async () => {
    const { member, as } = await signedInMember();
    for (let i = 0; i < 10; i++) {
      const response = await as.post('/api/user/password', {
        currentPassword: `Guess-number-${i}`,
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
    }
    const held = await as.post('/api/user/password', {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
    });
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many failed sign-in attempts\./);
  });

  it('is for signed-in users only', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      payload: { currentPassword: 'Whatever-1', newPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
