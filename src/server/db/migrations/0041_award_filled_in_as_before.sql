-- Whether a grant's awarded amount was filled in (migration 0040: what it asked for, put in when
-- it became Awarded with no award given) is no field of its own to the history: a change of it
-- alone writes no entry, and a change of the award shows as the awarded amount's.
--
-- Grants awarded before it was kept are taken as the rule took them then: an awarded grant whose
-- award is what it asks for, with no date, was filled in (it went when the grant left Awarded).
-- That is no one's edit: the grants keep their versions and their history does not show it.
CREATE OR REPLACE FUNCTION record_activity() RETURNS trigger LANGUAGE plpgsql SET enable_nestloop = off AS $$
DECLARE
  kind text := TG_ARGV[0];
  title_column text := TG_ARGV[1];
  actor integer := nullif(current_setting('app.user_id', true), '')::integer;
  actor_name text;
  kept text[] := ARRAY['company_id', 'id', 'search', 'email_key', 'name_key', 'contact_name', 'created_at',
                       'updated_at', 'created_by', 'award_filled_in'];
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
--> statement-breakpoint
ALTER TABLE "grants" DISABLE TRIGGER "grants_updated_at";
--> statement-breakpoint
ALTER TABLE "grants" DISABLE TRIGGER "grants_activity_update";
--> statement-breakpoint
UPDATE "grants" SET "award_filled_in" = true
 WHERE "status" = 'awarded' AND "awarded_amount" = "amount" AND "awarded_date" IS NULL;
--> statement-breakpoint
ALTER TABLE "grants" ENABLE TRIGGER "grants_updated_at";
--> statement-breakpoint
ALTER TABLE "grants" ENABLE TRIGGER "grants_activity_update";
