// The benchmark's baseline: a bare Fastify route that runs the same SQL as `GET /api/contacts`
// with raw `pg`, as a named prepared statement where the app uses one (the page; the session
// lookup and the list's kept count are plain statements there too), and answers with
// JSON.stringify. No plugins, no validation,
// no logging, no ORM. Started by `npm run bench` with DATABASE_URL and PORT.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
const IDLE_MS = 12 * 60 * 60 * 1000;

const SESSION = {
  text: `select u.id, u.username, u.name, u.email, u.role, u.company_id, c.name as company_name,
      s.last_seen_at
    from sessions s
    inner join users u on u.company_id = s.company_id and u.id = s.user_id
    inner join companies c on c.id = s.company_id
    where s.token_hash = $1 and s.expires_at > now() and s.last_seen_at > $2`,
};
const COUNT = {
  text: 'select total, version from list_counts where company_id = $1 and list = $2',
};
const PAGE = {
  name: 'bare_page',
  text: `select id, name, email, phone, organization, notes, company_id, created_at, updated_at,
    created_by from contacts where company_id = $1 order by name asc, id asc limit $2`,
};

app.get('/api/contacts', async (request, reply) => {
  const token = /grantwell_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return reply.code(401).send({ message: 'Unauthorized' });
  const hash = createHash('sha256').update(token).digest('hex');
  const session = await pool.query({
    ...SESSION,
    values: [hash, new Date(Date.now() - IDLE_MS)],
  });
  const user = session.rows[0];
  if (!user) return reply.code(401).send({ message: 'Unauthorized' });
  const limit = Number((request.query as { limit?: string }).limit ?? 50);
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('app.company_id', '${Number(user.company_id)}', true), set_config('role', 'grantwell_app', true), set_config('app.user_id', '${Number(user.id)}', true)`,
    );
    const count = await client.query({ ...COUNT, values: [user.company_id, 'contacts'] });
    const rows = await client.query({ ...PAGE, values: [user.company_id, limit] });
    await client.query('commit');
    reply
      .header('x-total-count', count.rows[0]?.total ?? 0)
      .header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(
      rows.rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        organization: row.organization,
        notes: row.notes,
        companyId: row.company_id,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        createdBy: row.created_by,
      })),
    );
  } finally {
    client.release();
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('baseline listening');
