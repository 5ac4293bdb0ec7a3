-- A time zone the app's runtime resolved but PostgreSQL does not know (SystemV/AST4) could be
-- chosen: every statement that counts days in it failed, among them the one that moves its
-- reminders to another zone, so the organization could not choose another. The settings now
-- refuse one. A SystemV zone becomes the zone whose clocks it keeps (the reminders made in it
-- keep their days, so none is made again); any other becomes UTC.
WITH renamed(old_name, new_name) AS (
  VALUES ('SystemV/AST4', 'Etc/GMT+4'), ('SystemV/AST4ADT', 'America/Halifax'),
         ('SystemV/EST5', 'Etc/GMT+5'), ('SystemV/EST5EDT', 'America/New_York'),
         ('SystemV/CST6', 'Etc/GMT+6'), ('SystemV/CST6CDT', 'America/Chicago'),
         ('SystemV/MST7', 'Etc/GMT+7'), ('SystemV/MST7MDT', 'America/Denver'),
         ('SystemV/PST8', 'Etc/GMT+8'), ('SystemV/PST8PDT', 'America/Los_Angeles'),
         ('SystemV/YST9', 'Etc/GMT+9'), ('SystemV/YST9YDT', 'America/Anchorage'),
         ('SystemV/HST10', 'Etc/GMT+10')
)
UPDATE "companies" c
   SET "time_zone" = coalesce((SELECT new_name FROM renamed WHERE old_name = c."time_zone"), 'UTC')
 WHERE c."time_zone" NOT IN (SELECT "name" FROM pg_timezone_names);--> statement-breakpoint
UPDATE "calendar_feeds" SET "time_zone" = 'UTC'
WHERE "time_zone" NOT IN (SELECT "name" FROM pg_timezone_names);
