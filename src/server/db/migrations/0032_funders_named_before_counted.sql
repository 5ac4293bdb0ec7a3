-- A table's statement triggers run in the order of their names. A write of contacts, grants or
-- opportunities counted its list (locking the company's row of list_counts) before it held the
-- funder of the names it gave (migration 0030); a rename or merge of that funder, holding it,
-- then waited for that list row to count its own changes: each waited for the other. Named to
-- run first, the funder's trigger holds the funder before the list is counted: the order a
-- funder's change takes too (its records, the funder, then their lists).
DO $$
DECLARE
  named text;
  kind text;
BEGIN
  FOREACH named IN ARRAY ARRAY['contacts', 'grants', 'opportunities'] LOOP
    FOREACH kind IN ARRAY ARRAY['insert', 'update'] LOOP
      EXECUTE format('ALTER TRIGGER %1$s_funders_%2$s ON %1$I RENAME TO %1$s_add_funders_%2$s', named, kind);
    END LOOP;
  END LOOP;
END
$$;
