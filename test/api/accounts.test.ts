import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomAddress, registerCompany, registrationFor } from '../helpers/factories.ts';
import { clientFor } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

/** The refusal names the field, so that the form that sent it shows it there. */
const TAKEN = {
  message: 'Username already exists',
  issues: [{ path: 'username', message: 'Username already exists' }],
};

const app = await appForThisFile();

/** How many users and companies the database holds (as the tables' owner: every company). */
async function counts() {
  const result = await app.db.execute(
    sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM companies)::int AS companies`,
  );
  return (result as unknown as { rows: { users: number; companies: number }[] }).rows[0];
}

// A username signs in to one account across every company: another company's user, which
// row-level security hides from the company adding one, still takes the name.
describe('a username taken in another company (any case) is taken everywhere', () => {
  it('for a member added by an admin, an accepted invitation and a new sign-up', async () => {
    const first = await registerCompany(app);
    const name = (await clientFor(app, first.cookie).get('/api/user')).json().username as string;
    const other = clientFor(app, (await registerCompany(app)).cookie);
    const before = await counts();

    const added = await other.post('/api/organization/users', {
      name: 'Copy',
      email: 'copy@x.org',
      username: name.toUpperCase(),
      password: 'Secret-01',
    });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual(TAKEN);

    const invitation = (
      await other.post('/api/organization/invitations', { name: 'Inv', email: 'inv@x.org' })
    ).json() as { previewUrl: string };
    const token = new URL(invitation.previewUrl).searchParams.get('token') ?? '';
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      remoteAddress: randomAddress(),
      payload: { token, username: name.toUpperCase(), password: 'Secret-01' },
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual(TAKEN);
    const lookup = await app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(lookup.json().status).toBe('pending');

    const signUp = await app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: randomAddress(),
      payload: registrationFor({ username: name.toUpperCase() }),
    });
    expect(signUp.statusCode).toBe(409);
    expect(signUp.json()).toEqual(TAKEN);

    // Nothing of the refused attempts is left: no user, and no company for the sign-up.
    expect(await counts()).toEqual(before);
  });
});

describe('registration', () => {
  it('is one transaction: when the first session cannot be stored, no company or user is left', async () => {
    // A trigger that refuses the session of one registrant, as a failure of the last step would.
    await app.db.execute(sql`
      CREATE FUNCTION refuse_one_session() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT name FROM users WHERE id = NEW.user_id) = 'Session Refused' THEN
          RAISE EXCEPTION 'session refused';
        END IF;
        RETURN NEW;
      END $$`);
    await app.db.execute(
      sql`CREATE TRIGGER refuse_one_session BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_one_session()`,
    );
    try {
      const before = await counts();
      const refused = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: registrationFor({ name: 'Session Refused' }),
        remoteAddress: randomAddress(),
      });
      expect(refused.statusCode).toBe(500);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await counts()).toEqual(before);
      // The trigger lets everyone else through: registration itself still works.
      await registerCompany(app);
      expect(await counts()).toEqual({
        users: (before?.users ?? 0) + 1,
        companies: (before?.companies ?? 0) + 1,
      });
    } finally {
      await app.db.execute(sql`DROP TRIGGER refuse_one_session ON sessions`);
      await app.db.execute(sql`DROP FUNCTION refuse_one_session()`);
    }
  });
});
