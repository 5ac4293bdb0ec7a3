-- A time zone the app's runtime resolved but PostgreSQL does not know (SystemV/AST4) could be
-- chosen: every statement that counts days in it failed, among them the one that moves its
-- reminders to another zone, so the organization could not choose another. Such a zone becomes
-- UTC; the settings now refuse one.
UPDATE "companies" SET "time_zone" = 'UTC'
WHERE "time_zone" NOT IN (SELECT "name" FROM pg_timezone_names);--> statement-breakpoint
UPDATE "calendar_feeds" SET "time_zone" = 'UTC'
WHERE "time_zone" NOT IN (SELECT "name" FROM pg_timezone_names);
