import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../src/domain/reminders.ts';
import { knownTimeZones } from '../../src/domain/time-zone-names.ts';
import { notifications } from '../../src/server/db/schema.ts';
import { beforeCompanyIsKnown, inCompany } from '../../src/server/db/scope.ts';
import { createCompanyRepository } from '../../src/server/modules/company/company.repository.ts';
import { DIGEST_KEY_PREFIX } from '../../src/server/modules/reminders/reminder-plan.ts';
import { createRemindersRepository } from '../../src/server/modules/reminders/reminders.repository.ts';
import { whileCommitting } from '../helpers/at-the-same-moment.ts';
import { addMember, registerCompany } from '../helpers/factories.ts';
import { asOwner, runMigrationAgain } from '../helpers/migrations.ts';
import { type Client, clientFor, createdId, multipartFile } from '../helpers/requests.ts';
import { decodeQuotedPrintable, type SmtpServer, startSmtpServer } from '../helpers/smtp-server.ts';
import { buildTestApp, listenOnFreePort } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { until } from '../helpers/until.ts';

// The app takes part in the reminder queue and sends through a real SMTP server. It never
// listens, so it proposes no scans of its own: they are run here at chosen moments, years ahead.
let app: FastifyInstance;
/** Set by the last test, which closes the app itself. */
let closing: Promise<void> | undefined;
let databaseUrl: string;
let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  databaseUrl = (await createTestDatabase()).url;
  app = await buildTestApp({
    smtpUrl: smtp.url,
    reminders: { run: true, intervalSeconds: 3600 },
    database: { kind: 'server', url: databaseUrl },
  });
});
afterAll(async () => {
  await (closing ?? app.close());
  await smtp.close();
});

/** Monday 3 March 2031, 10:00 in New York (15:00 UTC); clocks there go forward on 9 March. */
const MONDAY = new Date('2031-03-03T15:00:00Z');
const TIME_ZONE = 'America/New_York';
const jobs = () => {
  if (!app.reminderJobs) throw new Error('the app runs no reminder queue');
  return app.reminderJobs;
};
const scan = (now: Date) => jobs().scan(now);
/** Sends the company's emails that may go now, as its job in the queue does. */
const sendEmails = (companyId: number) => jobs().sendEmails(companyId);

/** Reminder emails the queue has still to send, or to try again. */
const emailsQueued = async () => {
  const { rows } = await app.db.$client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reminder-email' AND state IN ('created', 'retry', 'active')",
  );
  return rows[0]?.n ?? 0;
};

/** A company in New York with its admin and a member, and a grant due the Monday after. */
async function team(organization: string) {
  const owner = await registerCompany(app, { name: 'Ada Admin', organization });
  const member = await addMember(app, owner.user.companyId);
  const admin = clientFor(app, owner.cookie);
  const settings = await admin.patch('/api/organization/reminders', { timeZone: TIME_ZONE });
  expect(settings.statusCode, settings.body).toBe(200);
  // 10 March, 23:00 in New York: 7 days away on the company's clock, 8 in UTC.
  const grantId = await createdId(admin, '/api/grants', {
    name: `${organization} Arts Grant`,
    funder: 'River Trust',
    amount: 5000,
    dueDate: '2031-03-11T03:00:00Z',
  });
  return {
    owner,
    admin,
    member: clientFor(app, member.cookie),
    memberId: member.user.id,
    memberEmail: `${member.username}@example.org`,
    grantId,
  };
}

const mine = async (client: Client) => {
  const response = await client.get('/api/notifications');
  expect(response.statusCode).toBe(200);
  return response.json<Notification[]>();
};

/** The titles of the notifications in `client`'s menu. */
const titlesOf = async (client: Client) => (await mine(client)).map((n) => n.title);

/** Every notification with `key`, in any company: how many times a reminder was made. */
const made = (key: string) =>
  beforeCompanyIsKnown(app.db, (tx) => tx.select().from(notifications)).then(
    (rows) => rows.filter((row) => row.key === key).length,
  );

const mailsTo = (address: string, subject: string) =>
  smtp.received.filter((mail) => mail.to.includes(address) && mail.raw.includes(subject));

describe('deadline reminders', () => {
  it('reminds the admins of a grant deadline on the company clock, once, by email and in the menu', async () => {
    const { admin, member, grantId, owner } = await team('Harbor Trust');
    // Two scans at once and one after: each reminder is still made once.
    await Promise.all([scan(MONDAY), scan(MONDAY)]);
    await scan(MONDAY);

    const title = 'Harbor Trust Arts Grant is due in 7 days';
    const listed = await mine(admin);
    expect(listed.filter((n) => n.title === title)).toEqual([
      expect.objectContaining({
        body: 'Grant deadline · due Mon, Mar 10, 2031',
        link: `/grants/${grantId}`,
        readAt: null,
      }),
    ]);
    expect(await made(`grant:${grantId}:2031-03-10:7`)).toBe(1);
    // A grant has no assignee: the member (not an admin) is not reminded of it.
    expect((await mine(member)).some((n) => n.title === title)).toBe(false);

    await until(() => mailsTo('ada@example.org', title).length > 0, 'the reminder email');
    const [mail] = mailsTo('ada@example.org', title);
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toContain(`http://localhost:3000/grants/${grantId}`);
    expect(text).toContain('You can turn these emails off on your Profile page');
    // Later scans send nothing again: once what they queued is sent, there is still one email.
    await scan(MONDAY);
    await until(async () => (await emailsQueued()) === 0, 'the queued emails sent');
    expect(mailsTo('ada@example.org', title)).toHaveLength(1);
    expect(owner.user.role).toBe('admin');
  });

  it('leaves out a member removed while the scan plans their digest, and reminds the others', async () => {
    const { admin, owner, memberId } = await team('Quay Trust');
    const companyId = owner.user.companyId;
    const removal = createCompanyRepository(app.db);
    await whileCommitting(
      app,
      companyId,
      async (tx) => expect(await removal.removeMember(companyId, memberId, tx)).toBe(true),
      () => scan(MONDAY),
    );
    const titles = (await mine(admin)).map((n) => n.title);
    expect(titles).toContain('Quay Trust Arts Grant is due in 7 days');
    expect(titles).toContain('This week: 1 deadline in the next 14 days, 0 overdue');
  });

  it('reminds of a deadline as a change committed while the scan planned left it', async () => {
    const { admin, owner, grantId, memberId } = await team('Ridge Trust');
    const { companyId } = owner.user;
    const task = await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Ridge letter',
      description: 'One page',
      category: 'proposal',
      dueDate: '2031-03-04T16:00:00Z',
      assigneeId: memberId,
    });
    const reminders = createRemindersRepository(app.db);
    // The grant moved to April and the task given to no one, not yet committed as the scan reads.
    await whileCommitting(
      app,
      companyId,
      async (tx) => {
        await tx.execute(
          sql`UPDATE grants SET due_date = '2031-04-11T03:00:00Z' WHERE id = ${grantId}`,
        );
        await tx.execute(sql`UPDATE grant_tasks SET assignee_id = NULL WHERE id = ${task}`);
      },
      () => reminders.scanCompany(companyId, { timeZone: TIME_ZONE, reminderDays: [7] }, MONDAY),
    );
    expect(await made(`grant:${grantId}:2031-03-10:7`)).toBe(0);
    const titles = await titlesOf(admin);
    expect(titles).not.toContain('Ridge Trust Arts Grant is due in 7 days');
    // Given to no one, the task is the admins' to hear of.
    expect(titles.filter((title) => title.startsWith('Ridge letter'))).toEqual([
      'Ridge letter is due tomorrow',
    ]);
  });

  it("goes on to the other companies when one company's scan fails", async () => {
    const broken = await team('Cinder Trust');
    const sound = await team('Ember Trust');
    // A zone the runtime cannot read (the settings refuse one; this one was written behind them).
    await app.db.$client.query("UPDATE companies SET time_zone = 'Mars/Olympus' WHERE id = $1", [
      broken.owner.user.companyId,
    ]);
    await scan(MONDAY);
    const titles = (await mine(sound.admin)).map((n) => n.title);
    expect(titles).toContain('Ember Trust Arts Grant is due in 7 days');
    expect(await mine(broken.admin)).toEqual([]);
  });

  it('reminds the assignee alone of a task or requirement, and tells of the day it is overdue', async () => {
    const { admin, member, memberId, memberEmail, grantId } = await team('Lantern Fund');
    await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Write budget narrative',
      description: 'Two pages',
      category: 'proposal',
      dueDate: '2031-03-04T16:00:00Z',
      assigneeId: memberId,
    });
    await createdId(admin, `/api/grants/${grantId}/requirements`, {
      name: 'Spring report',
      type: 'interim_report',
      dueDate: '2031-03-02T16:00:00Z',
      status: 'pending',
      assigneeId: memberId,
    });
    await scan(MONDAY);
    const titles = (await mine(member)).map((n) => `${n.title} | ${n.body}`);
    expect(titles).toContain(
      'Write budget narrative is due tomorrow | Task of Lantern Fund Arts Grant · due Tue, Mar 4, 2031',
    );
    expect(titles).toContain(
      'Spring report is overdue | Interim report for Lantern Fund Arts Grant · due Sun, Mar 2, 2031',
    );
    expect((await mine(admin)).some((n) => n.title.startsWith('Write budget'))).toBe(false);
    await until(
      () => mailsTo(memberEmail, 'Spring report is overdue').length === 1,
      'overdue email',
    );

    // Two days overdue is no new reminder; a finished task none at all.
    const later = new Date('2031-03-04T15:00:00Z');
    await scan(later);
    expect((await mine(member)).filter((n) => n.title.startsWith('Spring report'))).toHaveLength(1);
  });

  it("does not chase a rejected grant's tasks and requirements, in the menu, a funder's page, the reports, the dashboard or the board's overdue", async () => {
    const { admin, member, memberId, grantId } = await team('Cinder Fund');
    await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Moot narrative',
      description: 'Two pages',
      category: 'proposal',
      dueDate: '2031-03-04T16:00:00Z',
      assigneeId: memberId,
    });
    await createdId(admin, `/api/grants/${grantId}/requirements`, {
      name: 'Moot report',
      type: 'interim_report',
      dueDate: '2031-03-05T16:00:00Z',
      assigneeId: memberId,
    });
    // Due within the reports' weeks, which start from today.
    await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Moot letter',
      description: 'One page',
      category: 'outreach',
      dueDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    });
    // Overdue since yesterday.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Moot budget',
      description: 'Figures',
      category: 'proposal',
      dueDate: yesterday,
    });
    await createdId(admin, `/api/grants/${grantId}/requirements`, {
      name: 'Moot visit',
      type: 'site_visit',
      dueDate: yesterday,
    });
    const moot = (names: string[]) => names.filter((name) => name.startsWith('Moot'));
    const dashboardNames = async () => {
      const dashboard = (await admin.get('/api/dashboard')).json<{
        overdueTasks: { items: { name: string }[] };
        tasksDueSoon: { items: { name: string }[] };
        requirementsDue: { name: string }[];
      }>();
      return [
        ...dashboard.overdueTasks.items,
        ...dashboard.tasksDueSoon.items,
        ...dashboard.requirementsDue,
      ].map((item) => item.name);
    };
    const overdueOnBoard = async () =>
      (await admin.get('/api/tasks?due=overdue')).json<{ name: string }[]>().map((t) => t.name);
    // Before it is rejected, they are chased.
    expect(moot(await dashboardNames()).sort()).toEqual([
      'Moot budget',
      'Moot letter',
      'Moot visit',
    ]);
    expect(moot(await overdueOnBoard())).toEqual(['Moot budget']);
    const rejected = await admin.patch(`/api/grants/${grantId}`, { status: 'rejected' });
    expect(rejected.statusCode).toBe(200);
    expect(moot(await dashboardNames())).toEqual([]);
    expect(moot(await overdueOnBoard())).toEqual([]);
    await scan(MONDAY);
    expect((await titlesOf(member)).filter((title) => title.startsWith('Moot'))).toEqual([]);

    const funders = (await admin.get('/api/funders?q=River')).json<{ id: number }[]>();
    const page = (await admin.get(`/api/funders/${funders[0]?.id}`)).json<{
      deadlines: { title: string }[];
    }>();
    expect(page.deadlines.filter((d) => d.title.startsWith('Moot'))).toEqual([]);
    const reports = (await admin.get('/api/reports')).json<{
      deadlinesByWeek: { tasks: number; requirements: number }[];
    }>();
    expect(reports.deadlinesByWeek.every((w) => w.tasks === 0 && w.requirements === 0)).toBe(true);
  });

  it("takes a rejected grant's work out of the menu, its reminders made before it was rejected", async () => {
    const { admin, member, memberId, grantId } = await team('Slate Fund');
    const other = await team('Flint Fund');
    for (const { client, grant, assignee } of [
      { client: admin, grant: grantId, assignee: memberId },
      { client: other.admin, grant: other.grantId, assignee: other.memberId },
    ]) {
      await createdId(client, `/api/grants/${grant}/tasks`, {
        name: 'Slate narrative',
        description: 'Two pages',
        category: 'proposal',
        dueDate: '2031-03-04T16:00:00Z',
        assigneeId: assignee,
      });
      await createdId(client, `/api/grants/${grant}/requirements`, {
        name: 'Slate report',
        type: 'interim_report',
        dueDate: '2031-03-05T16:00:00Z',
        assigneeId: assignee,
      });
    }
    await scan(MONDAY);
    const slate = async (client: Client) =>
      (await titlesOf(client)).filter((title) => title.startsWith('Slate'));
    expect(await slate(member)).toHaveLength(2);

    const rejected = await admin.patch(`/api/grants/${grantId}`, { status: 'rejected' });
    expect(rejected.statusCode).toBe(200);
    expect(await slate(member)).toEqual([]);
    // Another company's grant, not rejected, keeps its reminders.
    expect(await slate(other.member)).toHaveLength(2);

    // Those left from before the grants were rejected go with the migration.
    await asOwner(
      databaseUrl,
      'ALTER TABLE grants DISABLE TRIGGER grants_reminders_of_work_rejected',
    );
    try {
      await admin.patch(`/api/grants/${grantId}`, { status: 'draft' });
      await scan(MONDAY);
      expect(await slate(member)).toHaveLength(2);
      await admin.patch(`/api/grants/${grantId}`, { status: 'rejected' });
      expect(await slate(member)).toHaveLength(2);
    } finally {
      await runMigrationAgain(databaseUrl, '0048_rejected_grants_work_not_chased');
    }
    expect(await slate(member)).toEqual([]);
    expect(await slate(other.member)).toHaveLength(2);
  });

  it('takes a reminder out of the menu when its grant, task or requirement is deleted', async () => {
    const { admin, member, memberId, grantId, owner } = await team('Willow Fund');
    const other = await team('Aspen Fund');
    const task = await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Gather letters',
      description: 'Three',
      category: 'proposal',
      dueDate: '2031-03-04T16:00:00Z',
      assigneeId: memberId,
    });
    await createdId(admin, `/api/grants/${grantId}/requirements`, {
      name: 'Final report',
      type: 'final_report',
      dueDate: '2031-03-04T16:00:00Z',
      status: 'pending',
      assigneeId: memberId,
    });
    await scan(MONDAY);
    expect(await titlesOf(member)).toEqual(
      expect.arrayContaining(['Gather letters is due tomorrow', 'Final report is due tomorrow']),
    );
    expect(await titlesOf(admin)).toContain('Willow Fund Arts Grant is due in 7 days');

    expect((await admin.delete(`/api/grants/${grantId}/tasks/${task}`)).statusCode).toBe(204);
    expect(await titlesOf(member)).not.toContain('Gather letters is due tomorrow');
    expect(await titlesOf(member)).toContain('Final report is due tomorrow');
    // A reminder of another deadline whose id begins with this grant's (grant 40 is not 4).
    const alike = `grant:${grantId}0:2031-03-10:7`;
    await inCompany(app.db, owner.user.companyId, (tx) =>
      tx.insert(notifications).values({
        companyId: owner.user.companyId,
        userId: owner.user.id,
        key: alike,
        title: 'Another grant',
        body: 'Grant deadline',
        link: `/grants/${grantId}0`,
      }),
    );
    // The grant takes its requirement, and both their reminders, with it.
    expect((await admin.delete(`/api/grants/${grantId}`)).statusCode).toBe(204);
    expect(await made(alike)).toBe(1);
    // Monday's digest stays: it told of the week as it was.
    expect(await titlesOf(member)).toEqual([
      'This week: 3 deadlines in the next 14 days, 0 overdue',
    ]);
    expect(await titlesOf(admin)).not.toContain('Willow Fund Arts Grant is due in 7 days');
    const unread = (await member.get('/api/notifications/unread')).json();
    expect(unread).toEqual({ unread: (await mine(member)).filter((n) => !n.readAt).length });
    // Another company's reminder of a grant with its own ids stays.
    expect(await titlesOf(other.admin)).toContain('Aspen Fund Arts Grant is due in 7 days');
  });

  it('takes a reminder out of the menu when its deadline moves or is met, and reminds of the new one', async () => {
    const { admin, member, memberId, grantId } = await team('Cedar Fund');
    const taskOf = (name: string) =>
      createdId(admin, `/api/grants/${grantId}/tasks`, {
        name,
        description: 'Soon',
        category: 'proposal',
        dueDate: '2031-03-04T16:00:00Z',
        assigneeId: memberId,
      });
    const [moved, done, renamed] = [
      await taskOf('Moved task'),
      await taskOf('Done task'),
      await taskOf('Renamed task'),
    ];
    const requirement = await createdId(admin, `/api/grants/${grantId}/requirements`, {
      name: 'Spring report',
      type: 'interim_report',
      dueDate: '2031-03-04T16:00:00Z',
      status: 'pending',
      assigneeId: memberId,
    });
    await scan(MONDAY);
    expect(await titlesOf(member)).toEqual(
      expect.arrayContaining([
        'Moved task is due tomorrow',
        'Done task is due tomorrow',
        'Renamed task is due tomorrow',
        'Spring report is due tomorrow',
      ]),
    );
    expect(await titlesOf(admin)).toContain('Cedar Fund Arts Grant is due in 7 days');

    const tasks = `/api/grants/${grantId}/tasks`;
    expect(
      (await admin.patch(`${tasks}/${moved}`, { dueDate: '2031-03-20T16:00:00Z' })).statusCode,
    ).toBe(200);
    expect((await admin.patch(`${tasks}/${done}`, { status: 'completed' })).statusCode).toBe(200);
    expect((await admin.patch(`${tasks}/${renamed}`, { name: 'Renamed task!' })).statusCode).toBe(
      200,
    );
    const requirements = `/api/grants/${grantId}/requirements`;
    expect(
      (await admin.patch(`${requirements}/${requirement}`, { status: 'submitted' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.patch(`/api/grants/${grantId}`, { dueDate: '2031-03-05T03:00:00Z' })).statusCode,
    ).toBe(200);
    // The ones of a deadline that moved or was met are gone; a change of name keeps its own.
    expect(await titlesOf(member)).not.toContain('Moved task is due tomorrow');
    expect(await titlesOf(member)).not.toContain('Done task is due tomorrow');
    expect(await titlesOf(member)).not.toContain('Spring report is due tomorrow');
    expect(await titlesOf(member)).toContain('Renamed task is due tomorrow');
    expect(await titlesOf(admin)).not.toContain('Cedar Fund Arts Grant is due in 7 days');
    // The next scan reminds of the grant's deadline as it now is: Tuesday, tomorrow.
    await scan(MONDAY);
    expect(await titlesOf(admin)).toContain('Cedar Fund Arts Grant is due tomorrow');
    expect(await titlesOf(member)).not.toContain('Moved task is due tomorrow');
    // Submitted, the grant has no deadline left to remind of.
    expect((await admin.patch(`/api/grants/${grantId}`, { status: 'submitted' })).statusCode).toBe(
      200,
    );
    expect(await titlesOf(admin)).not.toContain('Cedar Fund Arts Grant is due tomorrow');
  });

  it("takes a task's or requirement's reminder from one who no longer has it, and reminds the one who does", async () => {
    const { owner, admin, member, memberId, grantId } = await team('Birch Fund');
    const tasks = `/api/grants/${grantId}/tasks`;
    const taskOf = (name: string) =>
      createdId(admin, tasks, {
        name,
        description: 'Soon',
        category: 'proposal',
        dueDate: '2031-03-04T16:00:00Z',
        assigneeId: memberId,
      });
    const [unassigned, bulkAssigned] = [await taskOf('Unassigned task'), await taskOf('Bulk task')];
    const requirements = `/api/grants/${grantId}/requirements`;
    const requirement = await createdId(admin, requirements, {
      name: 'Spring report',
      type: 'interim_report',
      dueDate: '2031-03-04T16:00:00Z',
      status: 'pending',
      assigneeId: memberId,
    });
    await scan(MONDAY);
    const theirs = [
      'Unassigned task is due tomorrow',
      'Bulk task is due tomorrow',
      'Spring report is due tomorrow',
    ];
    expect(await titlesOf(member)).toEqual(expect.arrayContaining(theirs));

    // Given to no one (so to the admins), to the admin, and to the admin with others at once.
    expect((await admin.patch(`${tasks}/${unassigned}`, { assigneeId: null })).statusCode).toBe(
      200,
    );
    const adminId = owner.user.id;
    expect(
      (await admin.patch(`${requirements}/${requirement}`, { assigneeId: adminId })).statusCode,
    ).toBe(200);
    const bulk = await admin.post('/api/tasks/bulk-assign', {
      ids: [bulkAssigned],
      assigneeId: adminId,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    for (const title of theirs) expect(await titlesOf(member)).not.toContain(title);
    await scan(MONDAY);
    expect(await titlesOf(admin)).toEqual(expect.arrayContaining(theirs));
    for (const title of theirs) expect(await titlesOf(member)).not.toContain(title);
  });

  it("deletes 500 grants at once in a company of many notifications, finding each one's by its key", async () => {
    const { admin, owner } = await team('Oak Fund');
    const { companyId } = owner.user;
    // The 500 grants in one import, not 500 requests.
    const rows = Array.from({ length: 500 }, (_, i) => `G${i},River Trust,1,2031-03-11T03:00:00Z`);
    const { payload, headers } = multipartFile(['Name,Funder,Amount,Due date', ...rows].join('\n'));
    const imported = await app.inject({
      method: 'POST',
      url: '/api/grants/upload',
      payload,
      headers: { ...headers, cookie: owner.cookie },
    });
    expect(imported.json()).toMatchObject({ imported: 500 });
    const ids = (
      await asOwner<{ id: number }>(
        databaseUrl,
        "SELECT id FROM grants WHERE company_id = $1 AND name LIKE 'G%' ORDER BY id",
        [companyId],
      )
    ).map((grant) => grant.id);
    expect(ids).toHaveLength(500);
    // Reminders of the company's deadlines over the years, emailed long since: each deleted
    // grant's are found among them (a join of the two read every notification for each grant:
    // seconds at this size).
    await asOwner(
      databaseUrl,
      `INSERT INTO notifications (company_id, user_id, key, title, body, link, emailed_at)
       SELECT $1, $2, 'grant:' || ($3::int + g % 1000) || ':2030-01-01:' || g, 't', 'b', '/', now()
         FROM generate_series(1, 50000) g`,
      [companyId, owner.user.id, ids[0]],
    );
    const started = Date.now();
    const deleted = await admin.post('/api/grants/bulk-delete', { ids });
    expect(deleted.json()).toEqual({ count: 500 });
    expect(Date.now() - started).toBeLessThan(3_000);
    const [left] = await asOwner<{ n: number }>(
      databaseUrl,
      'SELECT count(*)::int AS n FROM notifications WHERE company_id = $1',
      [companyId],
    );
    // Those of ids past the 500 deleted (the company's own, or another's) stay.
    expect(left?.n).toBeGreaterThan(0);
    expect(left?.n).toBeLessThan(50_000);
  });

  it('reminders of deadlines deleted before migration 0035 go with it, the others stay', async () => {
    const { grantId, owner } = await team('Elm Fund');
    const { companyId } = owner.user;
    await scan(MONDAY);
    const kept = `grant:${grantId}:2031-03-10:7`;
    expect(await made(kept)).toBe(1);
    const orphans = ['grant', 'task', 'requirement'].map(
      (kind) => `${kind}:2147483000:2031-03-10:7`,
    );
    for (const key of orphans) {
      await inCompany(app.db, companyId, (tx) =>
        tx.insert(notifications).values({
          companyId,
          userId: owner.user.id,
          key,
          title: 'Gone',
          body: 'Deleted before',
          link: '/grants/2147483000',
          // Emailed already: the app's email job, running beside the migration run again here,
          // never takes one (it held one being sent, which the migration then deadlocked with).
          emailedAt: new Date(),
        }),
      );
    }
    await runMigrationAgain(databaseUrl, '0035_reminders_found_by_deadline');
    for (const key of orphans) expect(await made(key), key).toBe(0);
    expect(await made(kept)).toBe(1);
    expect(await made(`${DIGEST_KEY_PREFIX}2031-03-03`)).toBeGreaterThan(0);
  });

  it('a grant deleted while a scan reminds of it waits for the scan, and takes its reminders', async () => {
    const { admin, grantId, owner } = await team('Rowan Fund');
    const { companyId } = owner.user;
    const reminders = createRemindersRepository(app.db);
    const deleted = await whileCommitting(
      app,
      companyId,
      (tx) =>
        reminders.scanCompany(companyId, { timeZone: TIME_ZONE, reminderDays: [7] }, MONDAY, tx),
      () => admin.delete(`/api/grants/${grantId}`),
    );
    expect(deleted.statusCode).toBe(204);
    expect((await mine(admin)).map((n) => n.title)).not.toContain(
      'Rowan Fund Arts Grant is due in 7 days',
    );
    expect(await made(`grant:${grantId}:2031-03-10:7`)).toBe(0);
  });

  it('a task deleted while a scan reminds of it waits for the scan, and takes its reminder', async () => {
    const { admin, member, memberId, grantId, owner } = await team('Birch Fund');
    const { companyId } = owner.user;
    const task = await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Sign the letter',
      description: 'One page',
      category: 'proposal',
      dueDate: '2031-03-04T16:00:00Z',
      assigneeId: memberId,
    });
    const reminders = createRemindersRepository(app.db);
    const deleted = await whileCommitting(
      app,
      companyId,
      (tx) =>
        reminders.scanCompany(companyId, { timeZone: TIME_ZONE, reminderDays: [1] }, MONDAY, tx),
      () => admin.delete(`/api/grants/${grantId}/tasks/${task}`),
    );
    expect(deleted.statusCode).toBe(204);
    expect((await mine(member)).map((n) => n.title)).not.toContain(
      'Sign the letter is due tomorrow',
    );
  });

  it("does not remind again of a deadline when the organization's time zone changes", async () => {
    const { admin, grantId } = await team('Moving Trust');
    await scan(MONDAY);
    const title = 'Moving Trust Arts Grant is due in 7 days';
    expect((await mine(admin)).filter((n) => n.title === title)).toHaveLength(1);
    // 10 March in New York is 11 March in Kiritimati (UTC+14), still 7 days away there.
    const moved = await admin.patch('/api/organization/reminders', {
      timeZone: 'Pacific/Kiritimati',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await scan(MONDAY);
    expect((await mine(admin)).filter((n) => n.title === title)).toHaveLength(1);
    expect(await made(`grant:${grantId}:2031-03-11:7`)).toBe(1);
    expect(await made(`grant:${grantId}:2031-03-10:7`)).toBe(0);
    // And back: still the one reminder.
    await admin.patch('/api/organization/reminders', { timeZone: TIME_ZONE });
    await scan(MONDAY);
    expect((await mine(admin)).filter((n) => n.title === title)).toHaveLength(1);
  });

  it('sends nothing to a user who turned reminders off, and no digest to one who turned it off', async () => {
    const { admin, member, memberId, grantId } = await team('Quiet Fund');
    expect((await member.get('/api/user/reminders')).json()).toEqual({
      reminders: true,
      digest: true,
    });
    const off = await member.patch('/api/user/reminders', { reminders: false, digest: false });
    expect(off.json()).toEqual({ reminders: false, digest: false });
    await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Call the program officer',
      description: 'Ask about the match',
      category: 'outreach',
      dueDate: '2031-03-04T16:00:00Z',
      assigneeId: memberId,
    });
    await scan(MONDAY);
    // Not the member, and not the admins instead: the task has an assignee.
    expect(await mine(member)).toEqual([]);
    expect((await mine(admin)).some((n) => n.title.startsWith('Call the program'))).toBe(false);
  });

  it('emails no reminder, and no digest, to a user who turned them off after it was made', async () => {
    const { owner, member, memberId } = await team('Second Thoughts Fund');
    const { companyId } = owner.user;
    // Made while both were on, their emails not sent yet (the mail server was down, say).
    await inCompany(app.db, companyId, (tx) =>
      tx.insert(notifications).values(
        (
          [
            ['task:1:2031-03-04:1', 'A reminder made before'],
            ['digest:2031-03-03', 'A digest made before'],
          ] as const
        ).map(([key, title]) => ({
          companyId,
          userId: memberId,
          key,
          title,
          body: '…',
          link: '/',
        })),
      ),
    );
    const reminders = createRemindersRepository(app.db);
    const sent: string[] = [];
    const sendNext = () =>
      reminders.sendNextEmail(companyId, async (email) => {
        sent.push(email.title);
        return 'sent';
      });
    await member.patch('/api/user/reminders', { reminders: false, digest: false });
    expect(await reminders.hasUnsentEmail(companyId)).toBe(false);
    expect(await sendNext()).toBe(false);
    // The digest turned back on: its email goes, the reminder's still does not.
    await member.patch('/api/user/reminders', { digest: true });
    expect(await sendNext()).toBe(true);
    expect(await sendNext()).toBe(false);
    expect(sent).toEqual(['A digest made before']);
  });

  it('puts off the email of a mailbox full for now, sends the others meanwhile, and sends it when its turn comes again', async () => {
    const { owner, memberId, memberEmail } = await team('Full Mailbox Trust');
    const { companyId } = owner.user;
    smtp.fullMailboxes.add(memberEmail);
    // The member's is the oldest: the first taken.
    const [putOff] = await inCompany(app.db, companyId, (tx) =>
      tx
        .insert(notifications)
        .values(
          (
            [
              [memberId, 'task:1:2031-03-04:1', 'Reminder to a full mailbox'],
              [owner.user.id, 'task:2:2031-03-04:1', 'Reminder to an open mailbox'],
            ] as const
          ).map(([userId, key, title]) => ({
            companyId,
            userId,
            key,
            title,
            body: '…',
            link: '/',
          })),
        )
        .returning({ id: notifications.id }),
    );
    const row = async () =>
      (
        await inCompany(app.db, companyId, (tx) =>
          tx.select().from(notifications).where(sql`${notifications.id} = ${putOff?.id}`),
        )
      )[0];
    // The company's job, as the queue runs it: it ends, not fails, the one put off left.
    await sendEmails(companyId);
    expect(mailsTo('ada@example.org', 'Reminder to an open mailbox')).toHaveLength(1);
    const afterRefusal = await row();
    expect(afterRefusal?.emailedAt).toBeNull();
    expect(afterRefusal?.emailDeferrals).toBe(1);
    // Put off for five minutes: the next scan sends it no sooner, even to a mailbox emptied.
    const inFourMinutes = Date.now() + 4 * 60_000;
    expect(afterRefusal?.emailNotBefore?.getTime()).toBeGreaterThan(inFourMinutes);
    smtp.fullMailboxes.delete(memberEmail);
    const reminders = createRemindersRepository(app.db);
    expect(await reminders.hasUnsentEmail(companyId)).toBe(false);

    // Its five minutes over, the next job sends it, once.
    await inCompany(app.db, companyId, (tx) =>
      tx
        .update(notifications)
        .set({ emailNotBefore: sql`now() - interval '1 second'` })
        .where(sql`${notifications.id} = ${putOff?.id}`),
    );
    expect(await reminders.hasUnsentEmail(companyId)).toBe(true);
    await sendEmails(companyId);
    await sendEmails(companyId);
    expect(mailsTo(memberEmail, 'Reminder to a full mailbox')).toHaveLength(1);
    expect((await row())?.emailedAt).not.toBeNull();
  });

  it('keeps every email as it was when the mail server takes none for now, for the job to try again', async () => {
    const { owner } = await team('Busy Server Trust');
    const { companyId } = owner.user;
    await inCompany(app.db, companyId, (tx) =>
      tx.insert(notifications).values(
        ['Reminder one', 'Reminder two'].map((title, i) => ({
          companyId,
          userId: owner.user.id,
          key: `task:${i + 1}:2031-03-04:1`,
          title,
          body: '…',
          link: '/',
        })),
      ),
    );
    smtp.busy.now = true;
    try {
      await expect(sendEmails(companyId)).rejects.toThrow('Too busy');
    } finally {
      smtp.busy.now = false;
    }
    const rows = await inCompany(app.db, companyId, (tx) =>
      tx
        .select({
          emailNotBefore: notifications.emailNotBefore,
          deferrals: notifications.emailDeferrals,
        })
        .from(notifications)
        .where(
          sql`${notifications.companyId} = ${companyId} AND ${notifications.title} LIKE 'Reminder %'`,
        ),
    );
    // Neither put off nor kept taken: the job's next try sends both.
    expect(rows).toEqual([
      { emailNotBefore: null, deferrals: 0 },
      { emailNotBefore: null, deferrals: 0 },
    ]);
    await sendEmails(companyId);
    expect(mailsTo('ada@example.org', 'Reminder one')).toHaveLength(1);
    expect(mailsTo('ada@example.org', 'Reminder two')).toHaveLength(1);
  });

  it("deletes a task while its reminder's email is being sent, without waiting on the mail server", async () => {
    const { admin, owner, memberId, grantId } = await team('Slow Mail Fund');
    const { companyId } = owner.user;
    const task = await createdId(admin, `/api/grants/${grantId}/tasks`, {
      name: 'Post the letter',
      description: 'Signed',
      category: 'proposal',
      dueDate: '2031-03-04T16:00:00Z',
      assigneeId: memberId,
    });
    await inCompany(app.db, companyId, (tx) =>
      tx.insert(notifications).values({
        companyId,
        userId: memberId,
        key: `task:${task}:2031-03-04:1`,
        title: 'Post the letter is due tomorrow',
        body: '…',
        link: `/grants/${grantId}`,
      }),
    );
    const reminders = createRemindersRepository(app.db);
    let reached = () => {};
    const sending = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // A mail server that takes its time: the email is on its way until the test lets it go.
    const sent = reminders.sendNextEmail(companyId, async () => {
      reached();
      await answered;
      return 'sent';
    });
    await sending;
    const deleted = await admin.delete(`/api/grants/${grantId}/tasks/${task}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await made(`task:${task}:2031-03-04:1`)).toBe(0);
    answer();
    expect(await sent).toBe(true);
    expect(await made(`task:${task}:2031-03-04:1`)).toBe(0);
  });

  it("sends each member Monday's digest of the next 14 days and what is overdue", async () => {
    const { admin, member, grantId } = await team('Digest Trust');
    await createdId(admin, `/api/grants/${grantId}/requirements`, {
      name: 'Site visit prep',
      type: 'site_visit',
      dueDate: '2031-02-20T16:00:00Z',
      status: 'pending',
    });
    await scan(MONDAY);
    const digest = (await mine(member)).find((n) => n.title.startsWith('This week'));
    expect(digest).toMatchObject({
      title: 'This week: 1 deadline in the next 14 days, 1 overdue',
      link: '/',
    });
    expect(digest?.body.split('\n')).toEqual([
      'Thu, Feb 20, 2031 · Site visit prep · Site visit for Digest Trust Arts Grant · overdue',
      'Mon, Mar 10, 2031 · Digest Trust Arts Grant · Grant deadline',
    ]);
    await until(
      () => mailsTo('ada@example.org', 'This week: 1 deadline').length > 0,
      'the digest email',
    );
    // Tuesday is no digest day; the Monday after is.
    await scan(new Date('2031-03-04T15:00:00Z'));
    await scan(new Date('2031-03-03T11:00:00Z')); // 06:00 in New York: too early
    expect((await mine(admin)).filter((n) => n.title.startsWith('This week'))).toHaveLength(1);
  });

  it('keeps the menu to its owner: unread count, read one, read all', async () => {
    const { admin, member } = await team('Menu Trust');
    const other = await team('Other Trust');
    await scan(MONDAY);
    const [first] = await mine(admin);
    if (!first) throw new Error('no notification');
    expect((await admin.get('/api/notifications/unread')).json()).toEqual({ unread: 2 });

    // Another company's user cannot read or mark it.
    expect((await other.admin.post(`/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await member.post(`/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await admin.post('/api/notifications/abc/read')).statusCode).toBe(400);

    expect((await admin.post(`/api/notifications/${first.id}/read`)).statusCode).toBe(204);
    expect((await admin.get('/api/notifications/unread')).json()).toEqual({ unread: 1 });
    expect((await admin.post('/api/notifications/read')).statusCode).toBe(204);
    expect((await admin.get('/api/notifications/unread')).json()).toEqual({ unread: 0 });
    expect((await other.admin.get('/api/notifications/unread')).json()).toEqual({ unread: 2 });
  });
});

describe('reminder settings', () => {
  it('lets admins choose the time zone and days; members read them', async () => {
    const { admin, member } = await team('Settings Trust');
    expect((await member.get('/api/organization/reminders')).json()).toEqual({
      timeZone: TIME_ZONE,
      reminderDays: [14, 7, 1],
    });
    const changed = await admin.patch('/api/organization/reminders', {
      reminderDays: [3, 30, 3, 0],
    });
    expect(changed.json()).toEqual({ timeZone: TIME_ZONE, reminderDays: [30, 3, 0] });
    // A day given many times is one of the ten.
    const repeated = await admin.patch('/api/organization/reminders', {
      reminderDays: [...Array.from({ length: 11 }, () => 1), 2, 3, 4, 5, 6, 7, 8, 9, 10],
    });
    expect(repeated.json()).toEqual({
      timeZone: TIME_ZONE,
      reminderDays: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
    });
    const forbidden = await member.patch('/api/organization/reminders', { reminderDays: [1] });
    expect(forbidden.statusCode).toBe(403);
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'Unknown time zone'],
    [{ timeZone: '+02:00' }, 'Unknown time zone'],
    [{ timeZone: 'SystemV/AST4' }, 'Unknown time zone'],
    [{ timeZone: ' ' }, 'Time zone is required'],
    [{ timeZone: 7 }, 'Time zone is required'],
    [{ reminderDays: [366] }, 'Reminder days must be between 0 and 365'],
    [{ reminderDays: [-1] }, 'Reminder days must be between 0 and 365'],
    [{ reminderDays: [2 ** 53] }, 'Reminder days must be between 0 and 365'],
    [{ reminderDays: [1.5] }, 'Reminder days must be whole numbers'],
    [{ reminderDays: '7' }, 'Reminder days must be a list of numbers'],
    [{ reminderDays: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, 'At most 10 reminder days'],
  ])('refuses %j with a message and changes nothing', async (body, message) => {
    const { admin } = await team('Strict Trust');
    const refused = await admin.patch('/api/organization/reminders', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(message);
    expect((await admin.get('/api/organization/reminders')).json()).toEqual({
      timeZone: TIME_ZONE,
      reminderDays: [14, 7, 1],
    });
  });

  it('offers only time zones the database knows', async () => {
    const rows = await asOwner<{ name: string }>(databaseUrl, 'SELECT name FROM pg_timezone_names');
    const known = new Set(rows.map((row) => row.name));
    const zones = knownTimeZones();
    expect(zones.length).toBeGreaterThan(400);
    expect(zones.filter((zone) => !known.has(zone))).toEqual([]);
  });

  it('turns a zone the database does not know into one it does, so that reports open and it can be changed', async () => {
    const { owner, admin, grantId } = await team('Drift Trust');
    const other = await team('Dune Trust');
    // Chosen before the settings refused it: the runtime resolves the name, PostgreSQL cannot.
    const companyId = owner.user.companyId;
    await asOwner(databaseUrl, "UPDATE companies SET time_zone = 'SystemV/AST4' WHERE id = $1", [
      companyId,
    ]);
    await asOwner(databaseUrl, "UPDATE companies SET time_zone = 'Mars/Olympus' WHERE id = $1", [
      other.owner.user.companyId,
    ]);
    await scan(MONDAY);
    const before = await titlesOf(admin);
    expect(before).toContain('Drift Trust Arts Grant is due in 7 days');
    expect((await admin.get('/api/user/calendar-feed')).statusCode).toBe(200);
    await asOwner(
      databaseUrl,
      "UPDATE calendar_feeds SET time_zone = 'SystemV/AST4' WHERE company_id = $1",
      [companyId],
    );
    await runMigrationAgain(databaseUrl, '0047_unknown_time_zones_become_utc');
    // The zone whose clocks it kept (UTC-4 all year): its reminders keep their days.
    expect((await admin.get('/api/organization/reminders')).json()).toMatchObject({
      timeZone: 'Etc/GMT+4',
    });
    expect((await other.admin.get('/api/organization/reminders')).json()).toMatchObject({
      timeZone: 'UTC',
    });
    const feeds = await asOwner<{ time_zone: string }>(
      databaseUrl,
      'SELECT time_zone FROM calendar_feeds WHERE company_id = $1',
      [companyId],
    );
    expect(feeds).toEqual([{ time_zone: 'UTC' }]);
    await scan(MONDAY);
    expect(await titlesOf(admin)).toEqual(before);
    expect(await made(`grant:${grantId}:2031-03-10:7`)).toBe(1);
    expect((await admin.get('/api/reports')).statusCode).toBe(200);
    const changed = await admin.patch('/api/organization/reminders', { timeZone: TIME_ZONE });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('refuses a preference that is not true or false', async () => {
    const { member } = await team('Prefs Trust');
    const refused = await member.patch('/api/user/reminders', { reminders: 'no' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Reminders must be true or false');
  });
});

describe('the queue of a server', () => {
  // Last in the file: from here on, the app's own scans run beside any other test's.
  it('proposes scans only once it listens, so a server that cannot start does no work', async () => {
    const scansProposed = async () => {
      const { rows } = await app.db.$client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reminder-scan'",
      );
      return rows[0]?.n ?? 0;
    };
    expect(await scansProposed()).toBe(0);
    await listenOnFreePort(app);
    await until(async () => (await scansProposed()) === 1, 'a scan proposed');
  });

  it('lets a job it was fetching when told to stop run and end before its database closes', async () => {
    const scanStates = async (client: pg.Client) => {
      const { rows } = await client.query<{ state: string }>(
        "SELECT state FROM pgboss.job WHERE name = 'reminder-scan' ORDER BY created_on",
      );
      return rows.map((row) => row.state);
    };
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await until(async () => (await scanStates(holder)).join() === 'completed', 'a scan done');
      // A second scan, queued while the queue's table is held: both workers' next fetches wait.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
      await holder.query(
        "INSERT INTO pgboss.job (name, data, policy) VALUES ('reminder-scan', '{}', 'singleton')",
      );
      // A fetch (SELECT … FOR UPDATE) waits for the table from its start, before
      // pg_stat_activity shows its text.
      await until(async () => {
        const { rows } = await holder.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'pgboss.job'::regclass AND mode = 'RowShareLock'",
        );
        return rows[0]?.n === 2;
      }, 'both workers fetching');
      // The server is told to stop, and the queue stops waiting for its workers, while the
      // fetch still waits: only then does it get the job.
      const stop = PgBoss.prototype.stop;
      let queueStopped = () => {};
      const stopped = new Promise<void>((resolve) => {
        queueStopped = resolve;
      });
      const spy = vi.spyOn(PgBoss.prototype, 'stop').mockImplementation(async function (
        this: PgBoss,
        options,
      ) {
        await stop.call(this, options);
        queueStopped();
      });
      try {
        closing = app.close();
        await stopped;
      } finally {
        spy.mockRestore();
        await holder.query('COMMIT');
      }
      await closing;
      expect(await scanStates(holder)).toEqual(['completed', 'completed']);
    } finally {
      await holder.end();
    }
  });
});
