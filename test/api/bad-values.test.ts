import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE } from '../../src/domain/common.ts';
import {
  AWARD_DAYS,
  bodyRoutes,
  EDGE_DATES,
  EDGE_TIMES,
  IMPOSSIBLE_DATES,
  OUT_OF_RANGE_DATES,
  seedWriteTargets,
  textQueries,
  type WriteRoute,
  type WriteTargets,
} from '../helpers/bad-values.ts';
import { registerCompany } from '../helpers/factories.ts';
import { clientFor, setCompanyTimeZone } from '../helpers/requests.ts';
import { appForThisFile } from '../helpers/test-app.ts';

const app = await appForThisFile();
let targets: WriteTargets;
const routes = bodyRoutes(() => targets);

beforeAll(async () => {
  targets = await seedWriteTargets(app);
});

const send = (route: WriteRoute, body: Record<string, unknown>) =>
  app.inject({
    method: route.method,
    url: route.url(),
    headers: { cookie: targets.cookie },
    payload: body,
  });

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** The API as its OpenAPI document describes it: what the tables below must cover. */
function operations(): [string, Operation][] {
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      op,
    ]),
  );
}
const isText = (schema: JsonSchema): boolean =>
  schema.type === 'string' || (schema.anyOf ?? []).some(isText);

describe('the tables cover the whole API', () => {
  it('lists every free-text query parameter', () => {
    const found: Record<string, string[]> = {};
    for (const [name, op] of operations()) {
      const texts = (op.parameters ?? []).filter(
        (p) => p.in === 'query' && isText(p.schema) && !p.schema.enum,
      );
      if (texts.length > 0) found[name.replace(/^GET /, '')] = texts.map((p) => p.name).sort();
    }
    const listed = Object.fromEntries(
      Object.entries(textQueries).map(([path, names]) => [path, [...names].sort()]),
    );
    expect(found).toEqual(listed);
  });

  it('lists every route that takes a JSON body, with all of its string fields', () => {
    const found: Record<string, string[]> = {};
    for (const [name, op] of operations()) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      const properties = Object.entries(schema.properties ?? {});
      found[name] = properties.filter(([, p]) => isText(p)).map(([field]) => field);
    }
    const listed = Object.fromEntries(
      routes.map((r) => [r.route, [...Object.keys(r.strings), ...r.dates]]),
    );
    for (const fields of [...Object.values(found), ...Object.values(listed)]) fields.sort();
    expect(found).toEqual(listed);
  });
});

/** A path of the OpenAPI document as it is requested: `{id}`, the seeded funder's. */
const requested = (path: string) => path.replace('{id}', String(targets.ids.funder));

describe('NUL in a query string', () => {
  for (const [path, filters] of Object.entries(textQueries)) {
    for (const filter of filters) {
      it(`GET ${path}?${filter}=%00 answers 400 'Invalid characters'`, async () => {
        for (const value of ['%00', 'a%00b', '%20%00%20']) {
          const response = await targets.admin.get(`${requested(path)}?${filter}=${value}`);
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().message).toBe('Invalid characters');
        }
      });
    }
  }

  it('answers the other parameters with their own messages', async () => {
    const cases = [
      ['/api/contacts?sort=%00', 'Sort by one of: name, -name'],
      ['/api/grants?status=%00', 'Status must be one of: draft, in-progress,'],
      ['/api/tasks?due=%00', 'Due must be one of: all, overdue,'],
      ['/api/tasks?grantId=0x1', 'Invalid grant'],
      ['/api/tasks?assignee=%00', 'Assignee must be one of: me'],
      ['/api/dashboard?assignee=%00', 'Assignee must be one of: me'],
      ['/api/opportunities?stage=%00', 'Stage must be one of: prospecting,'],
      ['/api/interactions?contactId=1e1', 'Invalid contact'],
      ['/api/contacts?limit=%00', 'Limit must be a whole number from 1 to 500'],
      ['/api/contacts?offset=%00', 'Offset must be a whole number, 0 or more'],
    ] as const;
    for (const [url, message] of cases) {
      const response = await targets.admin.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('never answers a 5xx to bytes that are not UTF-8', async () => {
    for (const [path, filters] of Object.entries(textQueries)) {
      for (const filter of filters) {
        for (const value of ['%ED%A0%80', '%C0%80', '%FF', '%F4%90%80%80', '%']) {
          const response = await targets.admin.get(`${requested(path)}?${filter}=${value}`);
          expect(response.statusCode, `${path}?${filter}=${value}`).toBeLessThan(500);
        }
      }
    }
  });
});

describe('NUL and lone surrogates in a body', () => {
  for (const route of routes) {
    it(`${route.route}: 400 with the field's message for each string field, nothing changed`, async () => {
      for (const [field, message] of Object.entries(route.strings)) {
        for (const bad of ['a\u0000b', '\u0000', 'x\uD800y', '\uDFFF']) {
          const before = await route.state?.();
          const response = await send(route, { ...route.valid(), [field]: bad });
          const what = `${field}=${JSON.stringify(bad)}: ${response.body}`;
          expect(response.statusCode, what).toBe(400);
          expect(response.json().message, what).toBe(message);
          expect(response.headers['set-cookie'], what).toBeUndefined();
          expect(await route.state?.(), what).toEqual(before);
        }
      }
    });
  }

  it('refuses invalid UTF-8 bytes in a JSON body (a lone surrogate written out, a stray byte) with 400, never a 5xx', async () => {
    const payload = Buffer.concat([
      Buffer.from('{"name":"bad '),
      Buffer.from([0xed, 0xa0, 0x80, 0xff]),
      Buffer.from('","email":"bytes@example.org"}'),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { cookie: targets.cookie, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('The request body is not UTF-8 text');
  });
});

describe('dates outside 1900-01-01 to 2200-12-31', () => {
  const dateRoutes = routes.filter((r) => r.dates.length > 0);

  it('has a date field on the interaction, grant, task, requirement and opportunity routes', () => {
    expect(dateRoutes.map((r) => `${r.route} ${r.dates.join()}`)).toEqual([
      'POST /api/interactions date',
      'PATCH /api/interactions/{id} date',
      'POST /api/grants dueDate,awardedDate,periodEnd,periodStart',
      'PATCH /api/grants/{id} dueDate,awardedDate,periodEnd,periodStart',
      'POST /api/grants/{grantId}/tasks dueDate',
      'PATCH /api/grants/{grantId}/tasks/{taskId} dueDate',
      'POST /api/grants/{grantId}/requirements dueDate',
      'PATCH /api/grants/{grantId}/requirements/{requirementId} dueDate',
      'POST /api/opportunities expectedCloseDate',
      'PATCH /api/opportunities/{id} expectedCloseDate',
    ]);
  });

  for (const route of dateRoutes) {
    it(`${route.route}: 'Invalid date format' on no real day, and the range's message outside it, nothing changed`, async () => {
      const answers = [
        ...OUT_OF_RANGE_DATES.map((date) => [date, DATE_RANGE_MESSAGE] as const),
        ...IMPOSSIBLE_DATES.map((date) => [date, 'Invalid date format'] as const),
      ];
      for (const field of route.dates) {
        for (const [date, message] of answers) {
          const before = await route.state?.();
          const response = await send(route, { ...route.valid(), [field]: date });
          const what = `${field}=${date}: ${response.body}`;
          expect(response.statusCode, what).toBe(400);
          expect(response.json().message, what).toBe(message);
          expect(response.json().issues[0].path, what).toBe(field);
          expect(await route.state?.(), what).toEqual(before);
        }
      }
    });

    it(`${route.route}: accepts the first and the last day, and leap days, and reads them back`, async () => {
      for (const field of route.dates) {
        for (const date of EDGE_DATES) {
          const response = await send(route, { ...route.valid(), [field]: date });
          const what = `${field}=${date}: ${response.body}`;
          expect(response.statusCode, what).toBeLessThan(300);
          // A day (an award's, or any date sent as a day alone) is kept as the calendar day
          // written, at noon UTC; a time, as the instant it is.
          const kept =
            AWARD_DAYS.includes(field) || /^\d{4}-\d\d-\d\d$/.test(date)
              ? `${date.slice(0, 10)}T12:00:00.000Z`
              : new Date(date).toISOString();
          expect(response.json()[field], what).toBe(kept);
          // What is read back is taken back, as an edit that leaves the date sends it.
          const again = await send(route, { ...route.valid(), [field]: kept });
          expect(again.statusCode, `${what}, sent again: ${again.body}`).toBeLessThan(300);
        }
      }
      for (const field of route.dates.filter((date) => !AWARD_DAYS.includes(date))) {
        for (const time of EDGE_TIMES) {
          const response = await send(route, { ...route.valid(), [field]: time });
          expect(response.statusCode, `${field}=${time}: ${response.body}`).toBeLessThan(300);
          expect(response.json()[field]).toBe(time);
        }
      }
    });
  }
});

describe('the first and the last day, on the clocks of a company far from UTC', () => {
  it('takes them as written, and takes back the times it reads back', async () => {
    for (const [timeZone, day, first] of [
      ['Pacific/Honolulu', '2200-12-31T23:59', '2201-01-01T09:59:00.000Z'],
      ['Pacific/Auckland', '1900-01-01T00:30', '1899-12-31T13:00:00.000Z'],
    ] as const) {
      const company = await registerCompany(app);
      const client = clientFor(app, company.cookie);
      await setCompanyTimeZone(client, timeZone);
      const grant = { name: 'Edge', funder: 'Far Trust', amount: 10 };
      const created = await client.post('/api/grants', { ...grant, dueDate: day });
      expect(created.statusCode, created.body).toBe(201);
      const { id, dueDate } = created.json<{ id: number; dueDate: string }>();
      expect(dueDate, timeZone).toBe(first);
      // An edit that leaves the date sends back what it read, and the same instant on the
      // company's clocks (as the export writes it) is taken too.
      const edited = await client.patch(`/api/grants/${id}`, { name: 'Edge again', dueDate });
      expect(edited.statusCode, edited.body).toBe(200);
      const exported = await client.get('/api/grants/export');
      const written = exported.body.split('\n')[1]?.split(',')[3];
      expect(written, exported.body).toMatch(/^\d{4}-\d\d-\d\dT[\d:]+[+-]\d\d:\d\d$/);
      const again = await client.post('/api/grants', { ...grant, dueDate: written });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<{ dueDate: string }>().dueDate).toBe(first);
    }
  });
});

describe('an address the router refuses before any route', () => {
  it("answers in the app's own words, echoing nothing of the address", async () => {
    const token = 'x'.repeat(150);
    const long = await app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect([long.statusCode, long.json()]).toEqual([404, { message: 'Not found' }]);
    const broken = await app.inject({ method: 'GET', url: '/api/contacts/%zz' });
    expect([broken.statusCode, broken.json()]).toEqual([
      400,
      { message: 'The address is not valid' },
    ]);
  });
});
