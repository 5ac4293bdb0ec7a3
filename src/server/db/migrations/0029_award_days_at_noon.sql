-- An award's date and the start and end of its period are days. The forms saved each as the
-- midnight that began it where the user was (from Berlin, 1 January was 31 December 23:00 UTC),
-- so people in other time zones read another day. A day is now kept at noon UTC, as the grants
-- import keeps days. A day kept before is the day whose midnight it was in a time zone from
-- UTC-10:59 to UTC+13 (Hawaii to Tonga, New Zealand's summer time included): the UTC day of the
-- time 13 hours later. The change is no one's edit: the grants keep their versions, and their
-- history does not show it.
ALTER TABLE "grants" DISABLE TRIGGER "grants_updated_at";
--> statement-breakpoint
ALTER TABLE "grants" DISABLE TRIGGER "grants_activity_update";
--> statement-breakpoint
CREATE FUNCTION pg_temp.noon_of_day_begun(at timestamptz) RETURNS timestamptz LANGUAGE sql AS $$
  SELECT CASE
    WHEN at IS NULL OR (at AT TIME ZONE 'UTC')::time = time '12:00' THEN at
    ELSE ((((at + interval '13 hours') AT TIME ZONE 'UTC')::date + time '12:00') AT TIME ZONE 'UTC')
  END
$$;
--> statement-breakpoint
UPDATE "grants" SET
  "awarded_date" = pg_temp.noon_of_day_begun("awarded_date"),
  "period_start" = pg_temp.noon_of_day_begun("period_start"),
  -- A period stays in order (greatest leaves out a start that is null).
  "period_end" = CASE WHEN "period_end" IS NOT NULL THEN
    greatest(pg_temp.noon_of_day_begun("period_end"), pg_temp.noon_of_day_begun("period_start"))
  END
WHERE ("awarded_date" AT TIME ZONE 'UTC')::time <> time '12:00'
   OR ("period_start" AT TIME ZONE 'UTC')::time <> time '12:00'
   OR ("period_end" AT TIME ZONE 'UTC')::time <> time '12:00';
--> statement-breakpoint
ALTER TABLE "grants" ENABLE TRIGGER "grants_updated_at";
--> statement-breakpoint
ALTER TABLE "grants" ENABLE TRIGGER "grants_activity_update";
