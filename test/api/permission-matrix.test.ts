import { describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema.ts';
import { inCompany } from '../../src/server/db/scope.ts';
import {
  addMember,
  DEFAULT_PASSWORD,
  registerCompany,
  registrationFor,
} from '../helpers/factories.ts';
import { clientFor, multipartFile } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();

type Caller = 'anonymous' | 'user' | 'admin' | 'otherAdmin';
const callers: Caller[] = ['anonymous', 'user', 'admin', 'otherAdmin'];

/** One company with a record of every kind, its admin and a plain user, and an outsider. */
async function world() {
  const admin = await registerCompany(app);
  const member = await addMember(app, admin.user.companyId, 'user');
  const spare = await addMember(app, admin.user.companyId, 'user');
  const other = await registerCompany(app);
  const as = clientFor(app, admin.cookie);
  const contact = (await as.post('/api/contacts', { name: 'C', email: 'c@x.org' })).json();
  const interaction = (
    await as.post('/api/interactions', {
      contactId: contact.id,
      type: 'call',
      notes: 'n',
      date: '2027-01-01T00:00:00Z',
    })
  ).json();
  const grant = (
    await as.post('/api/grants', {
      name: 'G',
      funder: 'F',
      amount: 1,
      dueDate: '2027-01-01T00:00:00Z',
    })
  ).json();
  const task = (
    await as.post(`/api/grants/${grant.id}/tasks`, {
      name: 'T',
      description: 'd',
      category: 'research',
      dueDate: '2027-01-01T00:00:00Z',
    })
  ).json();
  const requirement = (
    await as.post(`/api/grants/${grant.id}/requirements`, {
      name: 'R',
      type: 'application',
      dueDate: '2027-01-01T00:00:00Z',
    })
  ).json();
  const opportunity = (
    await as.post('/api/opportunities', {
      name: 'O',
      organization: 'F',
      amount: 1,
      stage: 'proposal',
      expectedCloseDate: '2027-01-01T00:00:00Z',
    })
  ).json();
  // Funder F (the grant's and the opportunity's), and F2 to merge into it.
  await as.post('/api/grants', {
    name: 'G2',
    funder: 'F2',
    amount: 1,
    dueDate: '2027-01-01T00:00:00Z',
  });
  // Funder F3, which no record names any more (its one grant moved to F2): one to delete.
  const moved = (
    await as.post('/api/grants', { name: 'G3', funder: 'F3', amount: 1, dueDate: '2027-01-01' })
  ).json();
  await as.patch(`/api/grants/${moved.id}`, { funder: 'F2' });
  const fundersByName = new Map<string, number>(
    (await as.get('/api/funders')).json().map((f: { id: number; name: string }) => [f.name, f.id]),
  );
  const funder = {
    id: fundersByName.get('F'),
    mergedId: fundersByName.get('F2'),
    unnamedId: fundersByName.get('F3'),
  };
  const invitation = (
    await as.post('/api/organization/invitations', { name: 'I', email: 'i@x.org' })
  ).json();
  const cancelled = (
    await as.post('/api/organization/invitations', { name: 'J', email: 'j@x.org' })
  ).json();
  const token = new URL(invitation.previewUrl).searchParams.get('token');
  // A reminder for the admin, as the reminder queue makes them.
  const [notification] = await inCompany(app.db, admin.user.companyId, (tx) =>
    tx
      .insert(notifications)
      .values({
        companyId: admin.user.companyId,
        userId: admin.user.id,
        key: 'grant:0:2027-01-01:7',
        title: 'G is due in 7 days',
        body: 'Grant deadline',
        link: `/grants/${grant.id}`,
      })
      .returning({ id: notifications.id }),
  );
  const cookies: Record<Caller, string | undefined> = {
    anonymous: undefined,
    user: member.cookie,
    admin: admin.cookie,
    otherAdmin: other.cookie,
  };
  return {
    admin,
    spare,
    contact,
    interaction,
    grant,
    task,
    requirement,
    opportunity,
    funder,
    cancelled,
    token,
    notification,
    cookies,
  };
}
type World = Awaited<ReturnType<typeof world>>;

interface Row {
  route: string;
  request: (w: World) => { url: string; payload?: unknown; multipart?: string };
  expect: [anonymous: number, user: number, admin: number, otherAdmin: number];
}

const unique = () => Math.random().toString(36).slice(2, 10);
const due = '2027-06-01T00:00:00Z';

// Deletions come last, children before parents, so every row finds what it needs.
const rows: Row[] = [
  {
    route: 'POST /api/register',
    request: () => ({ url: '/api/register', payload: registrationFor() }),
    expect: [201, 201, 201, 201],
  },
  {
    route: 'POST /api/login',
    request: (w) => ({
      url: '/api/login',
      payload: { username: w.admin.username, password: w.admin.password },
    }),
    expect: [200, 200, 200, 200],
  },
  { route: 'GET /api/user', request: () => ({ url: '/api/user' }), expect: [401, 200, 200, 200] },
  {
    route: 'PATCH /api/user',
    request: () => ({ url: '/api/user', payload: { name: 'Renamed Person' } }),
    expect: [401, 200, 200, 200],
  },
  {
    // Every caller's password is the factories' default; set to itself, it changes nothing.
    route: 'POST /api/user/password',
    request: () => ({
      url: '/api/user/password',
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD },
    }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/password-reset',
    request: () => ({ url: '/api/password-reset' }),
    expect: [200, 200, 200, 200],
  },
  {
    // This server has no mail server: whoever asks is told to ask an admin.
    route: 'POST /api/password-reset',
    request: (w) => ({
      url: '/api/password-reset',
      payload: { usernameOrEmail: w.admin.username },
    }),
    expect: [503, 503, 503, 503],
  },
  {
    route: 'POST /api/password-reset/confirm',
    request: () => ({
      url: '/api/password-reset/confirm',
      payload: { token: 'made-up', password: DEFAULT_PASSWORD },
    }),
    expect: [400, 400, 400, 400],
  },
  {
    route: 'GET /api/contacts',
    request: () => ({ url: '/api/contacts' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/contacts/export',
    request: () => ({ url: '/api/contacts/export' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/contacts/template',
    request: () => ({ url: '/api/contacts/template' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/contacts/organizations',
    request: () => ({ url: '/api/contacts/organizations' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/contacts/:id',
    request: (w) => ({ url: `/api/contacts/${w.contact.id}` }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'POST /api/contacts',
    request: () => ({ url: '/api/contacts', payload: { name: 'N', email: 'n@x.org' } }),
    expect: [401, 201, 201, 201],
  },
  {
    route: 'PATCH /api/contacts/:id',
    request: (w) => ({ url: `/api/contacts/${w.contact.id}`, payload: { name: 'N2' } }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'POST /api/contacts/upload',
    request: () => ({ url: '/api/contacts/upload', multipart: 'name,email\nU,u@x.org\n' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/contacts/upload/preview',
    request: () => ({ url: '/api/contacts/upload/preview', multipart: 'Name,E-mail\nU,u@x.org\n' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/interactions',
    request: () => ({ url: '/api/interactions' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/interactions/export',
    request: () => ({ url: '/api/interactions/export' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/interactions/:id',
    request: (w) => ({ url: `/api/interactions/${w.interaction.id}` }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'POST /api/interactions',
    request: (w) => ({
      url: '/api/interactions',
      payload: { contactId: w.contact.id, type: 'note', notes: 'x', date: due },
    }),
    expect: [401, 201, 201, 400],
  },
  {
    route: 'PATCH /api/interactions/:id',
    request: (w) => ({ url: `/api/interactions/${w.interaction.id}`, payload: { notes: 'y' } }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'GET /api/grants',
    request: () => ({ url: '/api/grants' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/grants/export',
    request: () => ({ url: '/api/grants/export' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/grants/template',
    request: () => ({ url: '/api/grants/template' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/grants/upload',
    request: () => ({
      url: '/api/grants/upload',
      multipart: 'Name,Funder,Amount,Due date\nU,F,1,2027-01-01\n',
    }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/grants/upload/preview',
    request: () => ({ url: '/api/grants/upload/preview', multipart: 'Grant,Funder\nU,F\n' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/grants/pipeline',
    request: () => ({ url: '/api/grants/pipeline' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/grants/:id',
    request: (w) => ({ url: `/api/grants/${w.grant.id}` }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'POST /api/grants',
    request: () => ({
      url: '/api/grants',
      payload: { name: 'G2', funder: 'F', amount: 5, dueDate: due },
    }),
    expect: [401, 201, 201, 201],
  },
  {
    route: 'PATCH /api/grants/:id',
    request: (w) => ({ url: `/api/grants/${w.grant.id}`, payload: { status: 'submitted' } }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'GET /api/tasks',
    request: () => ({ url: '/api/tasks?assignee=me' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/tasks/export',
    request: () => ({ url: '/api/tasks/export?assignee=me' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/grants/:grantId/tasks',
    request: (w) => ({ url: `/api/grants/${w.grant.id}/tasks` }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'POST /api/grants/:grantId/tasks',
    request: (w) => ({
      url: `/api/grants/${w.grant.id}/tasks`,
      payload: { name: 'T2', description: 'd', category: 'outreach', dueDate: due },
    }),
    expect: [401, 201, 201, 404],
  },
  {
    route: 'PATCH /api/grants/:grantId/tasks/:taskId',
    request: (w) => ({
      url: `/api/grants/${w.grant.id}/tasks/${w.task.id}`,
      payload: { status: 'completed', assigneeId: null },
    }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'GET /api/grants/:grantId/requirements',
    request: (w) => ({ url: `/api/grants/${w.grant.id}/requirements` }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'POST /api/grants/:grantId/requirements',
    request: (w) => ({
      url: `/api/grants/${w.grant.id}/requirements`,
      payload: { name: 'R2', type: 'budget', dueDate: due },
    }),
    expect: [401, 201, 201, 404],
  },
  {
    route: 'PATCH /api/grants/:grantId/requirements/:requirementId',
    request: (w) => ({
      url: `/api/grants/${w.grant.id}/requirements/${w.requirement.id}`,
      payload: { status: 'submitted' },
    }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'GET /api/reports',
    request: () => ({ url: '/api/reports' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/notifications',
    request: () => ({ url: '/api/notifications' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/notifications/unread',
    request: () => ({ url: '/api/notifications/unread' }),
    expect: [401, 200, 200, 200],
  },
  {
    // Only its owner can mark a notification read: to anyone else it does not exist.
    route: 'POST /api/notifications/:id/read',
    request: (w) => ({ url: `/api/notifications/${w.notification?.id}/read`, payload: {} }),
    expect: [401, 404, 204, 404],
  },
  {
    route: 'POST /api/notifications/read',
    request: () => ({ url: '/api/notifications/read', payload: {} }),
    expect: [401, 204, 204, 204],
  },
  {
    route: 'GET /api/user/reminders',
    request: () => ({ url: '/api/user/reminders' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'PATCH /api/user/reminders',
    request: () => ({ url: '/api/user/reminders', payload: { digest: true } }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/organization/reminders',
    request: () => ({ url: '/api/organization/reminders' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'PATCH /api/organization/reminders',
    request: () => ({ url: '/api/organization/reminders', payload: { reminderDays: [7, 1] } }),
    expect: [401, 403, 200, 200],
  },
  {
    route: 'GET /api/user/calendar-feed',
    request: () => ({ url: '/api/user/calendar-feed' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'PATCH /api/user/calendar-feed',
    request: () => ({ url: '/api/user/calendar-feed', payload: { timeZone: 'Europe/Paris' } }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/user/calendar-feed',
    request: () => ({ url: '/api/user/calendar-feed', payload: {} }),
    expect: [401, 200, 200, 200],
  },
  {
    // The address is the key: no session needed, and one that opens no feed is not found.
    route: 'GET /api/calendar/:file',
    request: () => ({ url: `/api/calendar/${'A'.repeat(43)}.ics` }),
    expect: [404, 404, 404, 404],
  },
  {
    route: 'GET /api/dashboard',
    request: () => ({ url: '/api/dashboard?assignee=me' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/opportunities',
    request: () => ({ url: '/api/opportunities' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/opportunities/export',
    request: () => ({ url: '/api/opportunities/export' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/opportunities/pipeline',
    request: () => ({ url: '/api/opportunities/pipeline' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/opportunities/:id',
    request: (w) => ({ url: `/api/opportunities/${w.opportunity.id}` }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'POST /api/opportunities',
    request: () => ({
      url: '/api/opportunities',
      payload: {
        name: 'O2',
        organization: 'F',
        amount: 0,
        stage: 'prospecting',
        expectedCloseDate: due,
      },
    }),
    expect: [401, 201, 201, 201],
  },
  {
    route: 'PATCH /api/opportunities/:id',
    request: (w) => ({
      url: `/api/opportunities/${w.opportunity.id}`,
      payload: { probability: 50 },
    }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'GET /api/organization',
    request: () => ({ url: '/api/organization' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'PATCH /api/organization',
    request: () => ({ url: '/api/organization', payload: { name: 'Renamed' } }),
    expect: [401, 403, 200, 200],
  },
  {
    route: 'GET /api/organization/users',
    request: () => ({ url: '/api/organization/users' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/organization/users',
    request: () => ({
      url: '/api/organization/users',
      payload: { name: 'P', email: 'p@x.org', username: `p_${unique()}`, password: 'Secret-01' },
    }),
    expect: [401, 403, 201, 201],
  },
  {
    route: 'POST /api/organization/users/reset-password',
    request: (w) => ({
      url: '/api/organization/users/reset-password',
      payload: { userId: w.spare.user.id, newPassword: 'Secret-02' },
    }),
    expect: [401, 403, 200, 404],
  },
  {
    route: 'PATCH /api/organization/users/:id',
    request: (w) => ({
      url: `/api/organization/users/${w.spare.user.id}`,
      payload: { role: 'admin' },
    }),
    expect: [401, 403, 200, 404],
  },
  {
    route: 'GET /api/organization/invitations',
    request: () => ({ url: '/api/organization/invitations' }),
    expect: [401, 403, 200, 200],
  },
  {
    route: 'POST /api/organization/invitations',
    request: () => ({
      url: '/api/organization/invitations',
      payload: { name: 'Q', email: 'q@x.org' },
    }),
    expect: [401, 403, 201, 201],
  },
  {
    route: 'GET /api/invitations/:token',
    request: (w) => ({ url: `/api/invitations/${w.token}` }),
    expect: [200, 200, 200, 200],
  },
  {
    route: 'POST /api/invitations/accept',
    request: (w) => ({
      url: '/api/invitations/accept',
      payload: { token: w.token, username: `i_${unique()}`, password: 'Secret-01' },
    }),
    expect: [201, 201, 201, 201],
  },
  {
    route: 'POST /api/organization/invitations/:id/link',
    request: (w) => ({ url: `/api/organization/invitations/${w.cancelled.id}/link` }),
    expect: [401, 403, 200, 404],
  },
  {
    route: 'DELETE /api/organization/invitations/:id',
    request: (w) => ({ url: `/api/organization/invitations/${w.cancelled.id}` }),
    expect: [401, 403, 204, 404],
  },
  {
    route: 'DELETE /api/organization/users/:id',
    request: (w) => ({ url: `/api/organization/users/${w.spare.user.id}` }),
    expect: [401, 403, 204, 404],
  },
  {
    route: 'DELETE /api/grants/:grantId/requirements/:requirementId',
    request: (w) => ({ url: `/api/grants/${w.grant.id}/requirements/${w.requirement.id}` }),
    expect: [401, 204, 204, 404],
  },
  {
    route: 'DELETE /api/grants/:grantId/tasks/:taskId',
    request: (w) => ({ url: `/api/grants/${w.grant.id}/tasks/${w.task.id}` }),
    expect: [401, 204, 204, 404],
  },
  {
    route: 'DELETE /api/interactions/:id',
    request: (w) => ({ url: `/api/interactions/${w.interaction.id}` }),
    expect: [401, 204, 204, 404],
  },
  {
    route: 'DELETE /api/contacts/:id',
    request: (w) => ({ url: `/api/contacts/${w.contact.id}` }),
    expect: [401, 204, 204, 404],
  },
  {
    route: 'DELETE /api/grants/:id',
    request: (w) => ({ url: `/api/grants/${w.grant.id}` }),
    expect: [401, 204, 204, 404],
  },
  {
    route: 'DELETE /api/opportunities/:id',
    request: (w) => ({ url: `/api/opportunities/${w.opportunity.id}` }),
    expect: [401, 204, 204, 404],
  },
  {
    route: 'GET /api/funders',
    request: () => ({ url: '/api/funders' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/funders/export',
    request: () => ({ url: '/api/funders/export' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/funders/:id',
    request: (w) => ({ url: `/api/funders/${w.funder.id}` }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'PATCH /api/funders/:id',
    request: (w) => ({ url: `/api/funders/${w.funder.id}`, payload: { notes: 'n' } }),
    expect: [401, 200, 200, 404],
  },
  {
    route: 'POST /api/funders/:id/merge',
    request: (w) => ({
      url: `/api/funders/${w.funder.mergedId}/merge`,
      payload: { intoId: w.funder.id },
    }),
    expect: [401, 403, 200, 404],
  },
  {
    route: 'DELETE /api/funders/:id',
    request: (w) => ({ url: `/api/funders/${w.funder.unnamedId}` }),
    expect: [401, 403, 204, 404],
  },
  {
    route: 'POST /api/contacts/bulk-delete',
    request: (w) => ({ url: '/api/contacts/bulk-delete', payload: { ids: [w.contact.id] } }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/interactions/bulk-delete',
    request: (w) => ({
      url: '/api/interactions/bulk-delete',
      payload: { ids: [w.interaction.id] },
    }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/grants/bulk-delete',
    request: (w) => ({ url: '/api/grants/bulk-delete', payload: { ids: [w.grant.id] } }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/grants/bulk-status',
    request: (w) => ({
      url: '/api/grants/bulk-status',
      payload: { ids: [w.grant.id], status: 'submitted' },
    }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/tasks/bulk-status',
    request: (w) => ({
      url: '/api/tasks/bulk-status',
      payload: { ids: [w.task.id], status: 'completed' },
    }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/tasks/bulk-assign',
    request: (w) => ({
      url: '/api/tasks/bulk-assign',
      payload: { ids: [w.task.id], assigneeId: null },
    }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/tasks/bulk-delete',
    request: (w) => ({ url: '/api/tasks/bulk-delete', payload: { ids: [w.task.id] } }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/opportunities/bulk-delete',
    request: (w) => ({
      url: '/api/opportunities/bulk-delete',
      payload: { ids: [w.opportunity.id] },
    }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/opportunities/bulk-stage',
    request: (w) => ({
      url: '/api/opportunities/bulk-stage',
      payload: { ids: [w.opportunity.id], stage: 'proposal' },
    }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'GET /api/activity',
    request: () => ({ url: '/api/activity' }),
    expect: [401, 403, 200, 200],
  },
  {
    route: 'GET /api/search',
    request: () => ({ url: '/api/search?q=abc' }),
    expect: [401, 200, 200, 200],
  },
  {
    route: 'POST /api/logout',
    request: () => ({ url: '/api/logout' }),
    expect: [204, 204, 204, 204],
  },
];

describe('the permission matrix', () => {
  it('has a row for every API route the server registers', async () => {
    await app.ready();
    const registered = app.routeList
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(rows.map((row) => row.route).sort()).toEqual(registered);
  });

  it('refuses what only admins may do before looking at what was sent: 401 signed out, 403 to a plain user, whatever the body or the id', async () => {
    const w = await world();
    const adminsOnly = rows.filter(
      (row) => row.expect[1] === 403 && row.route !== 'GET /api/activity',
    );
    expect(adminsOnly.length).toBeGreaterThanOrEqual(12);
    for (const row of adminsOnly) {
      const [method = 'GET', path = ''] = row.route.split(' ');
      for (const [caller, status] of [
        ['anonymous', 401],
        ['user', 403],
      ] as const) {
        const cookie = w.cookies[caller];
        const response = await app.inject({
          method: method as 'GET',
          // An id that is no id, and a body that is no valid one.
          url: path.replace(/:\w+/g, 'not-an-id'),
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { payload: { name: 7, role: 'owner', intoId: 'x', days: [-1] } }),
          headers: cookie ? { cookie } : {},
        });
        expect(response.statusCode, `${row.route} as ${caller}: ${response.body}`).toBe(status);
        expect(response.json()).not.toHaveProperty('issues');
      }
    }
  });

  it('refuses a caller who is not signed in before looking at what was sent: 401 on every route not open to them, whatever the body or the id', async () => {
    const closed = rows.filter((row) => row.expect[0] === 401);
    expect(closed.length).toBeGreaterThan(80);
    for (const row of closed) {
      const [method = 'GET', path = ''] = row.route.split(' ');
      const response = await app.inject({
        method: method as 'GET',
        url: `${path.replace(/:\w+/g, 'not-an-id')}?limit=-1&sort=nothing`,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { name: 7, ids: 'x' } }),
      });
      expect(response.statusCode, `${row.route}: ${response.body}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Not signed in' });
    }
  });

  for (const [index, caller] of callers.entries()) {
    it(`answers the ${caller} as the table says, route by route`, async () => {
      const w = await world();
      const cookie = w.cookies[caller];
      for (const row of rows) {
        const [method = 'GET'] = row.route.split(' ');
        const { url, payload, multipart } = row.request(w);
        const body = multipart ? multipartFile(multipart) : undefined;
        const response = await app.inject({
          method: method as 'GET',
          url,
          ...(body
            ? { payload: body.payload }
            : payload === undefined
              ? {}
              : { payload: payload as object }),
          headers: { ...(body?.headers ?? {}), ...(cookie ? { cookie } : {}) },
        });
        expect(
          response.statusCode,
          `${row.route} as ${caller}: ${response.body.slice(0, 200)}`,
        ).toBe(row.expect[index]);
      }
    });
  }
});
