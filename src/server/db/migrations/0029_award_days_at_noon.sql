-- An award's date and the start and end of its period are days. The forms saved each as the
-- midnight that began it where the user was (from Berlin, 1 January was 31 December 23:00 UTC),
-- so people in other time zones read another day. A day is now kept at noon UTC, as the grants
-- import keeps days. A day kept before is the day whose midnight it was where the company is (the
-- time zone its reminders count days in), when it was midnight there (noon UTC is also midnight in
-- New Zealand's winter: such a day is taken as a form there kept it, not as the import did); else
-- a day at noon UTC is one the import kept; else it is the day whose midnight it was in a time
-- zone from UTC-10:59 to UTC+13 (Hawaii to Tonga): the UTC day of the time 13 hours later. The change is no one's edit: the grants keep their versions, and their history does not
-- show it (the history's pages read the days it kept before as they did).
ALTER TABLE "grants" DISABLE TRIGGER "grants_updated_at";
--> statement-breakpoint
ALTER TABLE "grants" DISABLE TRIGGER "grants_activity_update";
--> statement-breakpoint
CREATE FUNCTION pg_temp.noon_of_day_begun(at timestamptz, zone text) RETURNS timestamptz LANGUAGE sql AS $$
  SELECT CASE
    WHEN at IS NULL THEN NULL
    -- Midnight where the company is (its reminders' time zone): that day there.
    WHEN zone <> 'UTC' AND (at AT TIME ZONE zone)::time = time '00:00'
      THEN (((at AT TIME ZONE zone)::date + time '12:00') AT TIME ZONE 'UTC')
    -- Noon UTC: a day the import kept.
    WHEN (at AT TIME ZONE 'UTC')::time = time '12:00' THEN at
    ELSE ((((at + interval '13 hours') AT TIME ZONE 'UTC')::date + time '12:00') AT TIME ZONE 'UTC')
  END
$$;
--> statement-breakpoint
UPDATE "grants" SET
  "awarded_date" = pg_temp.noon_of_day_begun("awarded_date", c."time_zone"),
  "period_start" = pg_temp.noon_of_day_begun("period_start", c."time_zone"),
  -- A period stays in order (greatest leaves out a start that is null).
  "period_end" = CASE WHEN "period_end" IS NOT NULL THEN
    greatest(
      pg_temp.noon_of_day_begun("period_end", c."time_zone"),
      pg_temp.noon_of_day_begun("period_start", c."time_zone")
    )
  END
FROM "companies" c
WHERE c."id" = "grants"."company_id"
  AND ("awarded_date" IS NOT NULL OR "period_start" IS NOT NULL OR "period_end" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "grants" ENABLE TRIGGER "grants_updated_at";
--> statement-breakpoint
ALTER TABLE "grants" ENABLE TRIGGER "grants_activity_update";
