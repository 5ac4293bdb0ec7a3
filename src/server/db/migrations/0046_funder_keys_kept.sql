-- A funder's grants, opportunities and contacts (its page, the funders list's counts, a rename,
-- a merge) are found by a key each record keeps (lower case, without surrounding spaces),
-- compared with `=`: row-level security let no index answer the key computed in the query, so
-- each lookup read every record of the company. Their history leaves out every column the
-- database computes from others, these keys as the search texts.
DROP INDEX "contacts_funder_key_idx";--> statement-breakpoint
DROP INDEX "grants_funder_key_idx";--> statement-breakpoint
DROP INDEX "opportunities_funder_key_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "organization_key" text GENERATED ALWAYS AS (lower(btrim("contacts"."organization"))) STORED;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "funder_key" text GENERATED ALWAYS AS (lower(btrim("grants"."funder"))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "organization_key" text GENERATED ALWAYS AS (lower(btrim("opportunities"."organization"))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_funder_key_idx" ON "contacts" USING btree ("company_id","organization_key");--> statement-breakpoint
CREATE INDEX "grants_funder_key_idx" ON "grants" USING btree ("company_id","funder_key");--> statement-breakpoint
CREATE INDEX "opportunities_funder_key_idx" ON "opportunities" USING btree ("company_id","organization_key");--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_activity() RETURNS trigger LANGUAGE plpgsql SET enable_nestloop = off AS $$
DECLARE
  kind text := TG_ARGV[0];
  title_column text := TG_ARGV[1];
  actor integer := nullif(current_setting('app.user_id', true), '')::integer;
  actor_name text;
  kept text[] := ARRAY['company_id', 'id', 'contact_name', 'created_at', 'updated_at', 'created_by',
                       'award_filled_in'];
BEGIN
  IF actor IS NOT NULL THEN
    SELECT u.name INTO actor_name FROM users u
     WHERE u.id = actor AND u.company_id = nullif(current_setting('app.company_id', true), '')::integer;
  END IF;
  -- Created and deleted records: the title column read directly (no row made into JSON), so an
  -- import of many rows pays little for its entries.
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(
      'INSERT INTO activity (company_id, entity, entity_id, action, actor_id, actor_name, title) '
      'SELECT company_id, $1, id, ''created'', $2, $3, %I FROM new_rows', title_column)
      USING kind, actor, actor_name;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(
      'INSERT INTO activity (company_id, entity, entity_id, action, actor_id, actor_name, title) '
      'SELECT company_id, $1, id, ''deleted'', $2, $3, %I FROM old_rows', title_column)
      USING kind, actor, actor_name;
  ELSE
    -- A column the database computes from others (a search's text, a key) is no field of its own.
    kept := kept || ARRAY(SELECT a.attname::text FROM pg_attribute a
                           WHERE a.attrelid = TG_RELID AND a.attgenerated <> '' AND NOT a.attisdropped);
    INSERT INTO activity (company_id, entity, entity_id, action, actor_id, actor_name, title, changes)
    SELECT n.company_id, kind, n.id, 'updated', actor, actor_name, after ->> title_column, changed.list
      FROM new_rows n
      JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
      CROSS JOIN LATERAL (SELECT to_jsonb(o) AS before, to_jsonb(n) AS after) v
      CROSS JOIN LATERAL (
        SELECT jsonb_agg(jsonb_build_object('field', k, 'before', v.before -> k, 'after', v.after -> k) ORDER BY k) AS list
          FROM jsonb_object_keys(v.after) AS k
         WHERE k <> ALL (kept) AND (v.before -> k) IS DISTINCT FROM (v.after -> k)
      ) changed
     WHERE changed.list IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
