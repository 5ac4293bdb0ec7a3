import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import {
  addMember,
  DEFAULT_PASSWORD,
  registerCompany,
  registrationFor,
  uniqueUsername,
} from './factories.ts';
import { type Client, clientFor } from './requests.ts';

/**
 * Values no route may store: NUL (PostgreSQL text cannot hold it) and lone UTF-16 surrogates
 * (they have no UTF-8 form), alone or inside ordinary text.
 */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    ' \u0000 ',
    '\uD800',
    'x\uDFFFy',
    '\uDBFF\u0000',
    'é\uD83D',
  ),
  fc
    .tuple(fc.string(), fc.constantFrom('\u0000', '\uD800', '\uDC00', '\uDBFF'), fc.string())
    .map(([before, bad, after]) => `${before}${bad}${after}`),
);

/** The fields that are an award's days, not times. */
export const AWARD_DAYS = ['awardedDate', 'periodStart', 'periodEnd'];

/**
 * The dates the API accepts: ISO 8601 days and times of days the calendar has, from 1900-01-01
 * to 2200-12-31: written without an offset, on those days as written; with one (or Z), an
 * instant on one of those days somewhere, from UTC+14 to UTC-12. An award's days (`asDay`) are
 * the day written. Written out here rather than imported, so the tests do not take the rule from
 * the code they test.
 */
const EARLIEST = Date.UTC(1900, 0, 1) - 14 * 3_600_000;
const AFTER_LATEST = Date.UTC(2201, 0, 1) + 12 * 3_600_000;
const ISO_DAY_AND_TIME =
  /^(\d{4})-(\d\d)-(\d\d)(T(\d\d):(\d\d)(:(\d\d)(\.\d+)?)?(Z|[+-](\d\d):(\d\d))?)?$/;
export const isDateInRange = (value: string, { asDay = false } = {}) => {
  const parts = ISO_DAY_AND_TIME.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const noon = new Date(Date.UTC(2000, month - 1, day, 12));
  noon.setUTCFullYear(year);
  const realDay = noon.getUTCMonth() === month - 1 && noon.getUTCDate() === day;
  const realTime =
    Number(parts[5] ?? 0) < 24 &&
    Number(parts[6] ?? 0) < 60 &&
    Number(parts[8] ?? 0) < 60 &&
    Number(parts[11] ?? 0) < 24 &&
    Number(parts[12] ?? 0) < 60 &&
    (parts[9] ?? '').length <= 10;
  if (!realDay || !realTime) return false;
  // An award's day is the day written, whatever the offset.
  if (asDay || parts[10] === undefined) return year >= 1900 && year <= 2200;
  const time = Date.parse(value);
  return time >= EARLIEST && time < AFTER_LATEST;
};

/** Dates that name no real day or time, or are not written as ISO 8601. */
export const IMPOSSIBLE_DATES = [
  '2027-02-30',
  '2027-02-29',
  '2027-04-31T10:00:00.000Z',
  '2027-13-01',
  '2027-00-10',
  '2027-01-01T24:00:00Z',
  '2027-01-01T10:60Z',
  '2027-01-01T10:00:00+25:00',
  '2027-1-1',
  '1/31/2027',
  'January 5, 2027',
  '99999',
] as const;

export const OUT_OF_RANGE_DATES = [
  '99999-01-01',
  '0000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '-271821-04-20T00:00:00.000Z',
  '1899-12-31',
  // Before 1900 began anywhere (14 hours ahead of UTC), after 2200 ended everywhere (12 behind).
  '1899-12-31T09:59:59.999Z',
  '2201-01-01T12:00:00Z',
  '2201-01-01',
  // On the company's clocks (no offset): the day written.
  '2201-01-01T00:30',
] as const;
/** Days at the edges: leap days, then the first and the last (the last stays, as a period's end). */
export const EDGE_DATES = [
  '2028-02-29',
  '2000-02-29T12:00+05:30',
  '1900-01-01',
  '2200-12-31',
  '2200-12-31T23:59:59.999Z',
  // On the first and the last day where they were written, though not in UTC.
  '1900-01-01T08:00:00+09:00',
  '2200-12-31T22:00:00-08:00',
] as const;
/**
 * Times on the first or the last day somewhere only: 1 January 1900 where clocks are 14 hours
 * ahead, 31 December 2200 where they are 12 behind. Taken as times; an award's day is the day
 * written, so not as days.
 */
export const EDGE_TIMES = ['1899-12-31T10:00:00.000Z', '2201-01-01T11:59:59.999Z'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** An instant within a day of `edge`. */
const around = (edge: string) =>
  fc
    .date({
      min: new Date(Date.parse(edge) - DAY_MS),
      max: new Date(Date.parse(edge) + DAY_MS),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString());

/** Any instant JavaScript can hold, weighted towards the edges of the accepted range. */
export const extremeDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...OUT_OF_RANGE_DATES, ...IMPOSSIBLE_DATES, ...EDGE_DATES),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  around('1900-01-01T00:00:00Z'),
  around('2201-01-01T00:00:00Z'),
);

export interface WriteTargets {
  /** The admin's session cookie, and a client that sends it. */
  cookie: string;
  admin: Client;
  member: Client;
  memberId: number;
  ids: {
    contact: number;
    interaction: number;
    grant: number;
    task: number;
    requirement: number;
    opportunity: number;
    funder: number;
    otherFunder: number;
  };
  invitationToken: string;
}

/** A company with one record of each kind, a second member and a pending invitation. */
export async function seedWriteTargets(app: FastifyInstance): Promise<WriteTargets> {
  const owner = await registerCompany(app);
  const admin = clientFor(app, owner.cookie);
  const created = async (url: string, body: unknown) => {
    const response = await admin.post(url, body);
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    return response.json<{ id: number }>().id;
  };
  const contact = await created('/api/contacts', { name: 'C', email: 'c@example.org' });
  const interaction = await created('/api/interactions', {
    contactId: contact,
    type: 'call',
    notes: 'n',
    date: '2027-01-01',
  });
  const grant = await created('/api/grants', {
    name: 'G',
    funder: 'F',
    amount: 1,
    dueDate: '2027-01-01',
  });
  const task = await created(`/api/grants/${grant}/tasks`, {
    name: 'T',
    description: 'd',
    category: 'research',
    dueDate: '2027-01-01',
  });
  const requirement = await created(`/api/grants/${grant}/requirements`, {
    name: 'R',
    type: 'application',
    dueDate: '2027-01-01',
  });
  const opportunity = await created('/api/opportunities', {
    name: 'O',
    organization: 'F',
    amount: 1,
    stage: 'proposal',
    expectedCloseDate: '2027-01-01',
  });
  await created('/api/contacts', { name: 'D', email: 'd@example.org', organization: 'F3' });
  const funderIds = new Map(
    (await admin.get('/api/funders'))
      .json<{ id: number; name: string }[]>()
      .map((f) => [f.name, f.id]),
  );
  const funder = funderIds.get('F') ?? 0;
  const otherFunder = funderIds.get('F3') ?? 0;
  const member = await addMember(app, owner.user.companyId);
  const invitation = await admin.post('/api/organization/invitations', {
    name: 'Ivy',
    email: 'ivy@example.org',
  });
  const link = invitation.json<{ previewUrl?: string }>().previewUrl ?? '';
  return {
    cookie: owner.cookie,
    admin,
    member: clientFor(app, member.cookie),
    memberId: member.user.id,
    ids: { contact, interaction, grant, task, requirement, opportunity, funder, otherFunder },
    invitationToken: new URL(link).searchParams.get('token') ?? '',
  };
}

type Body = Record<string, unknown>;

export interface WriteRoute {
  /** Method and path as the OpenAPI document names them. */
  route: string;
  method: 'POST' | 'PATCH';
  url: () => string;
  /** A body the route accepts. */
  valid: () => Body;
  /** Every string field, with the message a NUL or a lone surrogate in it answers. */
  strings: Record<string, string>;
  /** Every date field: one on no real day answers 'Invalid date format', one outside the range DATE_RANGE_MESSAGE. */
  dates: string[];
  /** What a client can see of the state the route changes; a refusal must leave it alike. */
  state?: () => Promise<string>;
}

const INVALID = 'Invalid characters';
/** An id no record has (the largest an id may be). */
const NO_SUCH_ID = 2_147_483_647;
const EMAIL = 'Invalid email format';
const PASSWORD = 'Correct-horse-8';

const contactStrings = {
  name: INVALID,
  email: EMAIL,
  phone: INVALID,
  organization: INVALID,
  notes: INVALID,
};
const interactionStrings = { type: 'Type is required', notes: INVALID };
const grant = { name: 'G2', funder: 'F2', amount: 5, dueDate: '2027-03-01', status: 'draft' };
const grantStrings = {
  name: INVALID,
  funder: INVALID,
  status: 'Invalid status value',
  notes: INVALID,
  documentUrl: INVALID,
};
const task = { name: 'T2', description: 'd2', category: 'outreach', dueDate: '2027-03-02' };
const taskStrings = {
  name: INVALID,
  description: INVALID,
  category: 'Invalid category value',
  status: 'Invalid status value',
  // An emptied select sends '', so the field takes a string; any other string is no id.
  assigneeId: 'Invalid assignee',
};
const requirement = { name: 'R2', type: 'budget', dueDate: '2027-03-03' };
const requirementStrings = {
  name: INVALID,
  type: 'Invalid type value',
  status: 'Invalid status value',
  notes: INVALID,
  assigneeId: 'Invalid assignee',
};
const opportunity = {
  name: 'O2',
  organization: 'F2',
  amount: 7,
  stage: 'qualification',
  expectedCloseDate: '2027-04-01',
};
const opportunityStrings = {
  name: INVALID,
  organization: INVALID,
  stage: 'Invalid stage value',
  notes: INVALID,
};

/**
 * Every route that takes a body. `targets` is read when a request is made, so the table can
 * name the tests before `seedWriteTargets` has run.
 */
export function bodyRoutes(targets: () => WriteTargets): WriteRoute[] {
  const ids = () => targets().ids;
  const read = (url: () => string) => async () => (await targets().admin.get(url())).body;
  const contactUrl = () => `/api/contacts/${ids().contact}`;
  const interactionUrl = () => `/api/interactions/${ids().interaction}`;
  const interaction = () => ({
    contactId: ids().contact,
    type: 'meeting',
    notes: 'n',
    date: '2027-02-01',
  });
  const grantUrl = () => `/api/grants/${ids().grant}`;
  const tasksUrl = () => `/api/grants/${ids().grant}/tasks`;
  const requirementsUrl = () => `/api/grants/${ids().grant}/requirements`;
  const opportunityUrl = () => `/api/opportunities/${ids().opportunity}`;
  const funderUrl = () => `/api/funders/${ids().funder}`;
  const path = (url: string) => () => url;
  return [
    {
      route: 'POST /api/register',
      method: 'POST',
      url: path('/api/register'),
      valid: () => registrationFor(),
      strings: {
        username: INVALID,
        password: INVALID,
        name: INVALID,
        organization: INVALID,
        email: EMAIL,
        timeZone: INVALID,
      },
      dates: [],
    },
    {
      route: 'PATCH /api/user',
      method: 'PATCH',
      url: path('/api/user'),
      valid: () => ({ name: 'Owner' }),
      strings: { name: INVALID, email: EMAIL, currentPassword: INVALID },
      dates: [],
      state: read(path('/api/user')),
    },
    {
      route: 'PATCH /api/user/calendar-feed',
      method: 'PATCH',
      url: path('/api/user/calendar-feed'),
      valid: () => ({ timeZone: 'Europe/Paris' }),
      strings: { timeZone: INVALID },
      dates: [],
      state: read(path('/api/user/calendar-feed')),
    },
    {
      route: 'POST /api/user/password',
      method: 'POST',
      url: path('/api/user/password'),
      // The owner's password set to itself: every other session of the owner ends, none exists.
      valid: () => ({ currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD }),
      strings: { currentPassword: INVALID, newPassword: INVALID },
      dates: [],
    },
    {
      route: 'POST /api/password-reset',
      method: 'POST',
      url: path('/api/password-reset'),
      valid: () => ({ usernameOrEmail: uniqueUsername() }),
      strings: { usernameOrEmail: INVALID },
      dates: [],
    },
    {
      route: 'POST /api/password-reset/confirm',
      method: 'POST',
      url: path('/api/password-reset/confirm'),
      valid: () => ({ token: 'made-up', password: PASSWORD }),
      strings: { token: INVALID, password: INVALID },
      dates: [],
    },
    {
      route: 'POST /api/login',
      method: 'POST',
      url: path('/api/login'),
      valid: () => ({ username: uniqueUsername(), password: PASSWORD }),
      strings: { username: INVALID, password: INVALID },
      dates: [],
    },
    {
      route: 'POST /api/contacts',
      method: 'POST',
      url: path('/api/contacts'),
      valid: () => ({ name: 'N', email: 'n@example.org' }),
      strings: contactStrings,
      dates: [],
      state: read(path('/api/contacts')),
    },
    {
      route: 'PATCH /api/contacts/{id}',
      method: 'PATCH',
      url: contactUrl,
      valid: () => ({ name: 'N2', email: 'n2@example.org', notes: 'x' }),
      strings: contactStrings,
      dates: [],
      state: read(contactUrl),
    },
    {
      route: 'POST /api/interactions',
      method: 'POST',
      url: path('/api/interactions'),
      valid: interaction,
      strings: interactionStrings,
      dates: ['date'],
      state: read(path('/api/interactions')),
    },
    {
      route: 'PATCH /api/interactions/{id}',
      method: 'PATCH',
      url: interactionUrl,
      valid: interaction,
      strings: interactionStrings,
      dates: ['date'],
      state: read(interactionUrl),
    },
    {
      route: 'POST /api/grants',
      method: 'POST',
      url: path('/api/grants'),
      valid: () => grant,
      strings: grantStrings,
      // The period's end before its start: each edge day is kept, and the start never passes it.
      dates: ['dueDate', 'awardedDate', 'periodEnd', 'periodStart'],
      state: read(path('/api/grants')),
    },
    {
      route: 'PATCH /api/grants/{id}',
      method: 'PATCH',
      url: grantUrl,
      valid: () => grant,
      strings: grantStrings,
      // The period's end before its start: each edge day is kept, and the start never passes it.
      dates: ['dueDate', 'awardedDate', 'periodEnd', 'periodStart'],
      state: read(grantUrl),
    },
    {
      route: 'POST /api/grants/{grantId}/tasks',
      method: 'POST',
      url: tasksUrl,
      valid: () => task,
      strings: taskStrings,
      dates: ['dueDate'],
      state: read(tasksUrl),
    },
    {
      route: 'PATCH /api/grants/{grantId}/tasks/{taskId}',
      method: 'PATCH',
      url: () => `${tasksUrl()}/${ids().task}`,
      valid: () => task,
      strings: taskStrings,
      dates: ['dueDate'],
      state: read(tasksUrl),
    },
    {
      route: 'POST /api/grants/{grantId}/requirements',
      method: 'POST',
      url: requirementsUrl,
      valid: () => requirement,
      strings: requirementStrings,
      dates: ['dueDate'],
      state: read(requirementsUrl),
    },
    {
      route: 'PATCH /api/grants/{grantId}/requirements/{requirementId}',
      method: 'PATCH',
      url: () => `${requirementsUrl()}/${ids().requirement}`,
      valid: () => requirement,
      strings: requirementStrings,
      dates: ['dueDate'],
      state: read(requirementsUrl),
    },
    {
      route: 'POST /api/opportunities',
      method: 'POST',
      url: path('/api/opportunities'),
      valid: () => opportunity,
      strings: opportunityStrings,
      dates: ['expectedCloseDate'],
      state: read(path('/api/opportunities')),
    },
    {
      route: 'PATCH /api/opportunities/{id}',
      method: 'PATCH',
      url: opportunityUrl,
      valid: () => opportunity,
      strings: opportunityStrings,
      dates: ['expectedCloseDate'],
      state: read(opportunityUrl),
    },
    {
      route: 'PATCH /api/funders/{id}',
      method: 'PATCH',
      url: funderUrl,
      valid: () => ({ name: 'F', type: 'foundation', website: 'https://f.example.org' }),
      strings: {
        name: INVALID,
        type: 'Type must be one of: foundation, government, corporate, individual, other',
        website: INVALID,
        notes: INVALID,
      },
      dates: [],
      state: read(funderUrl),
    },
    {
      route: 'POST /api/funders/{id}/merge',
      method: 'POST',
      url: () => `/api/funders/${ids().otherFunder}/merge`,
      valid: () => ({ intoId: ids().funder }),
      strings: {},
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/contacts/bulk-delete',
      method: 'POST',
      url: path('/api/contacts/bulk-delete'),
      valid: () => ({ ids: [NO_SUCH_ID] }),
      strings: {},
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/interactions/bulk-delete',
      method: 'POST',
      url: path('/api/interactions/bulk-delete'),
      valid: () => ({ ids: [NO_SUCH_ID] }),
      strings: {},
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/grants/bulk-delete',
      method: 'POST',
      url: path('/api/grants/bulk-delete'),
      valid: () => ({ ids: [NO_SUCH_ID] }),
      strings: {},
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/grants/bulk-status',
      method: 'POST',
      url: path('/api/grants/bulk-status'),
      valid: () => ({ ids: [NO_SUCH_ID], status: 'submitted' }),
      strings: { status: 'Invalid status value' },
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/opportunities/bulk-delete',
      method: 'POST',
      url: path('/api/opportunities/bulk-delete'),
      valid: () => ({ ids: [NO_SUCH_ID] }),
      strings: {},
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/opportunities/bulk-stage',
      method: 'POST',
      url: path('/api/opportunities/bulk-stage'),
      valid: () => ({ ids: [NO_SUCH_ID], stage: 'proposal' }),
      strings: { stage: 'Invalid stage value' },
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/tasks/bulk-delete',
      method: 'POST',
      url: path('/api/tasks/bulk-delete'),
      valid: () => ({ ids: [NO_SUCH_ID] }),
      strings: {},
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/tasks/bulk-status',
      method: 'POST',
      url: path('/api/tasks/bulk-status'),
      valid: () => ({ ids: [NO_SUCH_ID], status: 'completed' }),
      strings: { status: 'Invalid status value' },
      dates: [],
    },
    {
      // No record has this id: a valid body changes nothing the other rows rely on.
      route: 'POST /api/tasks/bulk-assign',
      method: 'POST',
      url: path('/api/tasks/bulk-assign'),
      valid: () => ({ ids: [NO_SUCH_ID], assigneeId: null }),
      strings: {},
      dates: [],
    },
    {
      route: 'PATCH /api/organization',
      method: 'PATCH',
      url: path('/api/organization'),
      valid: () => ({ name: 'Org', industry: 'Aid', website: 'https://example.org' }),
      strings: { name: INVALID, industry: INVALID, website: INVALID, address: INVALID },
      dates: [],
      state: read(path('/api/organization')),
    },
    {
      route: 'PATCH /api/organization/reminders',
      method: 'PATCH',
      url: path('/api/organization/reminders'),
      valid: () => ({ timeZone: 'Europe/London', reminderDays: [7, 1] }),
      strings: { timeZone: INVALID },
      dates: [],
      state: read(path('/api/organization/reminders')),
    },
    {
      route: 'PATCH /api/user/reminders',
      method: 'PATCH',
      url: path('/api/user/reminders'),
      valid: () => ({ reminders: true, digest: false }),
      strings: {},
      dates: [],
      state: read(path('/api/user/reminders')),
    },
    {
      route: 'POST /api/organization/users',
      method: 'POST',
      url: path('/api/organization/users'),
      valid: () => ({
        name: 'New',
        email: 'new@example.org',
        username: uniqueUsername('new'),
        password: PASSWORD,
      }),
      strings: {
        name: INVALID,
        email: EMAIL,
        username: INVALID,
        password: INVALID,
        role: 'Invalid role value',
      },
      dates: [],
      state: read(path('/api/organization/users')),
    },
    {
      route: 'PATCH /api/organization/users/{id}',
      method: 'PATCH',
      url: () => `/api/organization/users/${targets().memberId}`,
      valid: () => ({ role: 'user' }),
      strings: { role: 'Invalid role value' },
      dates: [],
      state: read(path('/api/organization/users')),
    },
    {
      route: 'POST /api/organization/users/reset-password',
      method: 'POST',
      url: path('/api/organization/users/reset-password'),
      valid: () => ({ userId: targets().memberId, newPassword: PASSWORD }),
      strings: { newPassword: INVALID },
      dates: [],
      // A reset ends the member's sessions.
      state: async () => String((await targets().member.get('/api/user')).statusCode),
    },
    {
      route: 'POST /api/organization/invitations',
      method: 'POST',
      url: path('/api/organization/invitations'),
      valid: () => ({ name: 'Iris', email: 'iris@example.org' }),
      strings: { name: INVALID, email: EMAIL, role: 'Invalid role value' },
      dates: [],
      state: read(path('/api/organization/invitations')),
    },
    {
      route: 'POST /api/invitations/accept',
      method: 'POST',
      url: path('/api/invitations/accept'),
      valid: () => ({
        token: targets().invitationToken,
        username: uniqueUsername(),
        password: PASSWORD,
      }),
      strings: { token: INVALID, username: INVALID, password: INVALID },
      dates: [],
      state: read(path('/api/organization/users')),
    },
  ];
}

/** Every endpoint with a free-text query parameter, and those parameters. */
export const textQueries: Record<string, string[]> = {
  '/api/activity': ['id'],
  '/api/contacts': ['q', 'organization'],
  '/api/contacts/export': ['q', 'organization', 'ids'],
  '/api/contacts/organizations': ['q'],
  '/api/interactions': ['q', 'contactId'],
  '/api/interactions/export': ['q', 'contactId', 'ids'],
  '/api/grants': ['q', 'funder'],
  '/api/grants/export': ['q', 'funder', 'ids'],
  '/api/opportunities': ['q'],
  '/api/opportunities/export': ['q', 'ids'],
  '/api/funders': ['q', 'name'],
  '/api/funders/export': ['q', 'name', 'ids'],
  '/api/tasks': ['q', 'tz', 'grantId'],
  '/api/tasks/export': ['q', 'tz', 'grantId', 'ids'],
  '/api/dashboard': ['tz'],
  '/api/funders/{id}': ['tz'],
  '/api/search': ['q'],
};
