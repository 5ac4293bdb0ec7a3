-- An interaction keeps a copy of its contact's name (migration 0010), rewritten when the contact
-- is renamed. That rewrite is not an edit of the interaction: it kept its version, so a save of
-- the interaction begun before the rename was refused as if someone had changed it (412), and its
-- history shows no change either. set_updated_at() now leaves out of its comparison the columns
-- its trigger names, and the interactions' trigger names contact_name.
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  not_compared text[];
BEGIN
  SELECT array_agg(attname::text) || '{updated_at}' || TG_ARGV::text[] INTO not_compared
    FROM pg_attribute WHERE attrelid = TG_RELID AND attgenerated <> '';
  IF to_jsonb(NEW) - not_compared = to_jsonb(OLD) - not_compared THEN
    NEW.updated_at := OLD.updated_at;
  ELSE
    NEW.updated_at := date_trunc('milliseconds', greatest(now(), OLD.updated_at + interval '1 millisecond'));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER "interactions_updated_at" ON "interactions";
--> statement-breakpoint
CREATE TRIGGER "interactions_updated_at" BEFORE UPDATE ON "interactions"
  FOR EACH ROW EXECUTE FUNCTION set_updated_at('contact_name');
