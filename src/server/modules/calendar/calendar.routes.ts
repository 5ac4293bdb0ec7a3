import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALENDAR_NAME,
  calendarFeedPatchSchema,
  calendarFeedSchema,
  calendarFileParams,
  FEED_FILE,
} from '../../../domain/calendar-feed.ts';
import { deadlineEntries, icsCalendarParts } from '../../../domain/ics.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser, stillSignedIn } from '../../lib/guards.ts';
import { endIfStalled } from '../../lib/replies.ts';
import { errorBodySchema, inputErrors } from '../../lib/schemas.ts';
import { spooled } from '../../lib/spool.ts';
import { inTurns } from '../../lib/turns.ts';
import { turnstile } from '../../lib/turnstile.ts';
import { createCalendarRepository } from './calendar.repository.ts';

const tags = ['calendar'];

/**
 * A calendar file, written part by part as the reader takes it: a company of many thousand
 * deadlines does not hold up the other requests while its file is made.
 */
const sendCalendar = (reply: FastifyReply, file: Readable) =>
  endIfStalled(reply)
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(file);

/** Calendars written at once in the whole process (each holds its deadlines in memory meanwhile). */
const CALENDARS_AT_ONCE = 2;
/** How long a calendar waits for its turn before it is answered 503. */
const CALENDAR_WAIT_MS = 30_000;
const CALENDARS_BUSY = 'Many calendars are being written right now. Please try again in a minute.';

/**
 * A calendar subscription per user: the address of an iCalendar file of the company's deadlines
 * (grants, tasks, requirements) that calendar applications fetch again on their own, so a date or
 * a name changed here changes there.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const calendar = createCalendarRepository(app.db);
  const calendarsInTurn = turnstile(CALENDARS_AT_ONCE, CALENDAR_WAIT_MS, CALENDARS_BUSY);
  const answer = (feed: { token: string; timeZone: string } | null) => {
    const { token, timeZone } = stillSignedIn(feed);
    return { url: new URL(`/api/calendar/${token}.ics`, app.config.appUrl).toString(), timeZone };
  };

  app.get(
    '/user/calendar-feed',
    {
      schema: {
        tags,
        summary:
          "The address of the signed-in user's calendar subscription (made on first use, in the organization's time zone) and the time zone whose days its deadlines fall on",
        response: { 200: calendarFeedSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return answer(await calendar.feed(user.companyId, user.id, request.sessionTokenHash));
    },
  );

  app.patch(
    '/user/calendar-feed',
    {
      schema: {
        tags,
        summary:
          "The time zone whose days the signed-in user's calendar subscription counts (the reader's own); the address stays",
        body: calendarFeedPatchSchema,
        response: { 200: calendarFeedSchema, ...inputErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return answer(
        await calendar.feed(
          user.companyId,
          user.id,
          request.sessionTokenHash,
          request.body.timeZone,
        ),
      );
    },
  );

  app.post(
    '/user/calendar-feed',
    {
      schema: {
        tags,
        summary:
          'A new address for the calendar subscription (its time zone kept): the one before stops working',
        response: { 200: calendarFeedSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return answer(
        await calendar.replaceFeedToken(user.companyId, user.id, request.sessionTokenHash),
      );
    },
  );

  app.get(
    '/calendar/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "A calendar subscription (RFC 5545): the company's deadlines of the last year and to come; no session needed, the address is the key",
        params: calendarFileParams,
        produces: ['text/calendar'],
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      const feed = token ? await calendar.feedOf(token) : null;
      if (feed === null) throw notFound('Calendar');
      // Written whole to a file, its deadlines then let go, and read as the reader takes it: a
      // reader that stops held the deadlines of its calendar in memory (90 MB for 135,000), and
      // three dozen of them ended the process. The file is one of the calendars a company may
      // have sent at once (lib/downloads.ts), apart from its exports.
      const file = await app.calendarDownloads.hold(feed.companyId, reply, () =>
        calendarsInTurn(`company ${feed.companyId}`, async () => {
          const now = new Date();
          const deadlines = await calendar.deadlines(feed.companyId, now);
          const entries = deadlineEntries(deadlines, feed.timeZone);
          return spooled(async (append) => {
            for await (const part of inTurns(icsCalendarParts(entries, now, CALENDAR_NAME))) {
              await append(part);
            }
          });
        }),
      );
      return sendCalendar(reply, file);
    },
  );
};
