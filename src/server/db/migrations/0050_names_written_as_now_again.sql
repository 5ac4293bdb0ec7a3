-- Names written as the forms, the API and the imports now write them (oneLineText in
-- src/domain/common.ts), as migration 0033 wrote those stored before: now also without the marks
-- of direction (left-to-right, right-to-left, Arabic letter), the combining grapheme joiner and
-- the Mongolian vowel separator at their ends, and with spaces in a row made one space. Names
-- stored before those rules kept them: 'Hope Trust' and 'Hope Trust' with a right-to-left mark
-- after it, or 'Beta   Fund' and 'Beta Fund', were two funders, and the first one's own links
-- (its grants, its contacts), read by the rules of now, showed the other's. As in 0033: a name
-- that would be left with nothing stays as it is; funders whose names become one are merged as
-- the app merges them (the one already written as now, else the oldest, is kept and takes the
-- type, website and notes of the others where it has none); the change is no one's edit (the
-- records keep their versions, and their history does not show it); run again, it changes
-- nothing.
-- The tables it writes, taken at once and in the order a write of the app takes them (a record,
-- then the funder of its name): a server still running meanwhile waits, and never holds one
-- this needs while it waits for another.
LOCK TABLE grants, opportunities, contacts, grant_tasks, grant_requirements, funders
  IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pg_temp.one_line(value text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN cleaned = '' THEN value ELSE cleaned END
  FROM (
    SELECT regexp_replace(
             regexp_replace(
               regexp_replace(
                 regexp_replace(
                   CASE WHEN current_setting('server_encoding') = 'UTF8'
                     THEN normalize(value, NFC) ELSE value END,
                   '[\u202a-\u202e\u2066-\u2069]', '', 'g'),
                 '^[\s\u00a0\u00ad\u034f\u061c\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+|[\s\u00a0\u00ad\u034f\u061c\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+$',
                 '', 'g'),
               '[\u00a0\u2007\u202f]', ' ', 'g'),
             ' {2,}', ' ', 'g') AS cleaned
  ) written
$$;
--> statement-breakpoint
-- The triggers that would make the change an edit: the records' versions and their history.
CREATE OR REPLACE FUNCTION pg_temp.as_no_edit(state text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tab text;
BEGIN
  FOREACH tab IN ARRAY ARRAY['funders', 'grants', 'opportunities', 'contacts', 'grant_tasks', 'grant_requirements'] LOOP
    EXECUTE format('ALTER TABLE %1$I %2$s TRIGGER %1$s_updated_at', tab, state);
    EXECUTE format('ALTER TABLE %1$I %2$s TRIGGER %1$s_activity_update', tab, state);
  END LOOP;
  EXECUTE format('ALTER TABLE funders %s TRIGGER funders_activity_delete', state);
END
$$;
--> statement-breakpoint
SELECT pg_temp.as_no_edit('DISABLE');
--> statement-breakpoint
CREATE TEMP TABLE funders_written_as_now AS
  SELECT id, cleaned,
    first_value(id) OVER (
      PARTITION BY company_id, lower(btrim(cleaned)) ORDER BY name = cleaned DESC, id
    ) AS kept
  FROM (SELECT id, company_id, name, pg_temp.one_line(name) AS cleaned FROM funders) named;
--> statement-breakpoint
UPDATE funders f SET
  type = coalesce(f.type, others.type),
  website = coalesce(f.website, others.website),
  notes = coalesce(f.notes, others.notes)
FROM (
  SELECT w.kept,
    (array_agg(m.type ORDER BY m.id) FILTER (WHERE m.type IS NOT NULL))[1] AS type,
    (array_agg(m.website ORDER BY m.id) FILTER (WHERE m.website IS NOT NULL))[1] AS website,
    (array_agg(m.notes ORDER BY m.id) FILTER (WHERE m.notes IS NOT NULL))[1] AS notes
  FROM funders_written_as_now w JOIN funders m ON m.id = w.id
  WHERE w.id <> w.kept
  GROUP BY w.kept
) others
WHERE f.id = others.kept
  AND (f.type IS NULL AND others.type IS NOT NULL
    OR f.website IS NULL AND others.website IS NOT NULL
    OR f.notes IS NULL AND others.notes IS NOT NULL);
--> statement-breakpoint
DELETE FROM funders WHERE id IN (SELECT id FROM funders_written_as_now WHERE id <> kept);
--> statement-breakpoint
UPDATE funders f SET name = w.cleaned
FROM funders_written_as_now w
WHERE w.id = f.id AND w.id = w.kept AND f.name <> w.cleaned;
--> statement-breakpoint
DROP TABLE funders_written_as_now;
--> statement-breakpoint
-- The records: each statement gives its names their funders (the one kept above) as any write does.
UPDATE grants SET name = pg_temp.one_line(name), funder = pg_temp.one_line(funder)
WHERE name <> pg_temp.one_line(name) OR funder <> pg_temp.one_line(funder);
--> statement-breakpoint
UPDATE opportunities SET name = pg_temp.one_line(name), organization = pg_temp.one_line(organization)
WHERE name <> pg_temp.one_line(name) OR organization <> pg_temp.one_line(organization);
--> statement-breakpoint
UPDATE contacts SET
  name = pg_temp.one_line(name),
  organization = pg_temp.one_line(organization),
  phone = pg_temp.one_line(phone)
WHERE name <> pg_temp.one_line(name)
  OR organization IS DISTINCT FROM pg_temp.one_line(organization)
  OR phone IS DISTINCT FROM pg_temp.one_line(phone);
--> statement-breakpoint
UPDATE grant_tasks SET name = pg_temp.one_line(name) WHERE name <> pg_temp.one_line(name);
--> statement-breakpoint
UPDATE grant_requirements SET name = pg_temp.one_line(name) WHERE name <> pg_temp.one_line(name);
--> statement-breakpoint
SELECT pg_temp.as_no_edit('ENABLE');
