import { createHash } from 'node:crypto';
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
import { matchesIfNoneMatch } from '../../plugins/etag.ts';
import { createCalendarRepository, shownSince } from './calendar.repository.ts';

const tags = ['calendar'];

/**
 * `reply` with the feed's validator (feedTag). The reader may keep the file but asks each time;
 * no cache on the way keeps it (the address is the key).
 */
const validated = (reply: FastifyReply, tag: string) =>
  reply.header('etag', tag).header('cache-control', 'private, no-cache');

/**
 * A calendar file, written part by part as the reader takes it: a company of many thousand
 * deadlines does not hold up the other requests while its file is made.
 */
const sendCalendar = (reply: FastifyReply, file: Readable, tag: string) =>
  endIfStalled(validated(reply, tag))
    .header('content-type', 'text/calendar; charset=utf-8')
    .send(file);

/** The answer to a reader that holds the feed as it is: its validator, and no body. */
const notModified = (reply: FastifyReply, tag: string) => validated(reply, tag).code(304).send();

/**
 * The validator of a feed: what its deadlines are now (the repository's version), the day they
 * are shown from and the zone whose days they fall on. Weak: two files of the same deadlines
 * differ in their DTSTAMP, the moment each was written. (A release that writes the file
 * otherwise reaches a reader whose feed is unchanged the next day, when the day shown from moves.)
 */
const feedTag = (version: string, since: Date, timeZone: string) =>
  `W/"${createHash('sha1').update(`${version}\n${since.toISOString()}\n${timeZone}`).digest('base64url')}"`;

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
  // The versions being read, by company and day shown from. Polls at the same moment (calendar
  // applications on the hour, or anyone who has a feed's address) share one read: each read held
  // one of the company's connections, and a burst of them held all five, its people's lists and
  // saves left waiting. One that joins a read begun before a change is answered as an earlier
  // poll would have been: the file it is sent is never older than the version it is given.
  const versionsBeingRead = new Map<string, Promise<string>>();
  const versionOf = (companyId: number, since: Date) => {
    const key = `${companyId} ${since.toISOString()}`;
    const reading = versionsBeingRead.get(key);
    if (reading) return reading;
    const read = calendar.version(companyId, since).finally(() => versionsBeingRead.delete(key));
    versionsBeingRead.set(key, read);
    return read;
  };
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
          "A calendar subscription (RFC 5545): the company's deadlines of the last year and to come; no session needed, the address is the key; 304 to If-None-Match while they are as the reader has them",
        params: calendarFileParams,
        produces: ['text/calendar'],
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      const feed = token ? await calendar.feedOf(token) : null;
      if (feed === null) throw notFound('Calendar');
      // Calendar applications poll the feed: one that holds the file of its deadlines as they
      // still are is answered 304 without reading them (writing 32,500 took half a second of
      // the server's). The validator is read before the deadlines, so a file is never older
      // than its validator: a change in between only costs one more whole read.
      const now = new Date();
      const since = shownSince(now);
      const tag = feedTag(await versionOf(feed.companyId, since), since, feed.timeZone);
      if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) return notModified(reply, tag);
      // Written whole to a file, its deadlines then let go, and read as the reader takes it: a
      // reader that stops held the deadlines of its calendar in memory (90 MB for 135,000), and
      // three dozen of them ended the process. The file is one of the calendars a company may
      // have sent at once (lib/downloads.ts), apart from its exports.
      const file = await app.calendarDownloads.hold(feed.companyId, reply, (signal) =>
        calendarsInTurn(
          `company ${feed.companyId}`,
          async () => {
            const deadlines = await calendar.deadlines(feed.companyId, since);
            const entries = deadlineEntries(deadlines, feed.timeZone);
            return spooled(async (append) => {
              for await (const part of inTurns(icsCalendarParts(entries, now, CALENDAR_NAME))) {
                await append(part);
              }
            }, signal);
          },
          // Its client gone while it waits for a turn: out of the line, its deadlines unread.
          signal,
        ),
      );
      return sendCalendar(reply, file, tag);
    },
  );
};
