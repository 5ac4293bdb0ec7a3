import 'fastify';
import type { CurrentUser } from '../domain/auth.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { DownloadSlots } from './lib/downloads.ts';
import type { Mailer } from './lib/mailer.ts';
import type { UploadMemory } from './lib/uploads.ts';
import type { ReminderJobs } from './modules/reminders/reminder-jobs.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Open to callers who are not signed in (signing up, in or out, resetting a password, an
     * invitation, a calendar feed). Every other /api route refuses them, 401, before looking at what was sent.
     */
    public?: boolean;
  }
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    mailer: Mailer;
    /** The reminder queue of this process; null where it takes no part (most tests). */
    reminderJobs: ReminderJobs | null;
    /** The exports being written and sent at once, shared by every list and report. */
    downloads: DownloadSlots;
    /** The calendar feeds being written and sent at once, apart from the exports. */
    calendarDownloads: DownloadSlots;
    /** The memory that uploads in progress may hold, shared by every upload route. */
    uploadMemory: UploadMemory;
    /** Every route registered after the plugins, with its method. */
    routeList: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie on /api requests. */
    currentUser: CurrentUser | null;
    /** SHA-256 of this request's session token, when it carried a valid one. */
    sessionTokenHash: string | null;
    /**
     * The signed-in user as their session is now, looked up again (and kept as `currentUser`):
     * for work that writes long after the request began. Null when the session has ended.
     */
    userNow(): Promise<CurrentUser | null>;
  }
}
