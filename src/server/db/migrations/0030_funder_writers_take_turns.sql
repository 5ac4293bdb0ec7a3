-- A record saved with a funder's name, and a rename, merge or deletion of that funder, at the
-- same moment. The funder of a name was added by INSERT ... ON CONFLICT DO NOTHING (migration
-- 0017), which takes no lock when the funder is there: a record saved just before a rename
-- committed after it and kept the old name, with no funder of it (its grants left out of every
-- funder page); and a record saved once the rename had changed the funder waited for the rename,
-- while the rename waited for that record: a deadlock, one of the two refused.
--
-- Now a write that gives records a name holds the funder of that name (FOR KEY SHARE) until it
-- commits, before adding a funder of a new name. A rename, merge or deletion locks the funder
-- FOR UPDATE, so it waits for those writes to commit and then finds their records; a write that
-- comes after it waits for it, then finds the name free and adds its funder anew. A write that
-- leaves the records' names as they were (an edit of notes, a status) takes no lock: the
-- funders' changes lock the records of the name first, then the funder, so such a write never
-- waits for them while holding a record they need.
CREATE OR REPLACE FUNCTION add_funders_of_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named text := CASE TG_TABLE_NAME WHEN 'grants' THEN 'funder' ELSE 'organization' END;
  given text;
BEGIN
  -- The names the statement gave: every name of the rows inserted; of the rows updated, those
  -- whose name is not the one they had (matched as funders match names).
  IF TG_OP = 'INSERT' THEN
    given := format(
      'SELECT company_id, btrim(%1$I) AS name FROM new_rows WHERE btrim(%1$I) <> %2$L',
      named, '');
  ELSE
    given := format(
      'SELECT n.company_id, btrim(n.%1$I) AS name FROM new_rows n
         JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
         WHERE btrim(n.%1$I) <> %2$L
           AND lower(btrim(n.%1$I)) IS DISTINCT FROM lower(btrim(o.%1$I))',
      named, '');
  END IF;
  EXECUTE format(
    'SELECT 1 FROM funders f
       WHERE (f.company_id, f.name_key) IN (SELECT company_id, lower(name) FROM (%s) given)
       ORDER BY f.company_id, f.name_key
       FOR KEY SHARE OF f',
    given);
  EXECUTE format(
    'INSERT INTO funders (company_id, name)
       SELECT DISTINCT ON (company_id, lower(name)) company_id, name FROM (%s) given
       ORDER BY company_id, lower(name)
       ON CONFLICT (company_id, name_key) DO NOTHING',
    given);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  named text;
BEGIN
  FOREACH named IN ARRAY ARRAY['contacts', 'grants', 'opportunities'] LOOP
    EXECUTE format('DROP TRIGGER %1$s_funders_update ON %1$I', named);
    EXECUTE format('CREATE TRIGGER %1$s_funders_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_funders_of_names()', named);
  END LOOP;
END
$$;
--> statement-breakpoint
-- An update that keeps a name no longer adds its funder: the names that lost theirs in a race
-- before now get them, as migration 0017 gave the names in use then.
INSERT INTO funders (company_id, name)
  SELECT DISTINCT ON (company_id, lower(btrim(name))) company_id, btrim(name)
  FROM (
    SELECT company_id, funder AS name, created_at FROM grants
    UNION ALL SELECT company_id, organization, created_at FROM opportunities
    UNION ALL SELECT company_id, organization, created_at FROM contacts WHERE organization IS NOT NULL
  ) named
  WHERE btrim(name) <> ''
  ORDER BY company_id, lower(btrim(name)), created_at
  ON CONFLICT (company_id, name_key) DO NOTHING;
