-- An update that changes nothing (a form saved as it was read, a status set to the one it has)
-- is no change: the record keeps its version (updated_at), so a save someone else makes from
-- what they read is not refused as if it had changed meanwhile. The row is compared without
-- updated_at and without its generated columns, which a BEFORE trigger does not see computed.
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  not_compared text[];
BEGIN
  SELECT array_agg(attname::text) || '{updated_at}' INTO not_compared
    FROM pg_attribute WHERE attrelid = TG_RELID AND attgenerated <> '';
  IF to_jsonb(NEW) - not_compared = to_jsonb(OLD) - not_compared THEN
    NEW.updated_at := OLD.updated_at;
  ELSE
    NEW.updated_at := date_trunc('milliseconds', greatest(now(), OLD.updated_at + interval '1 millisecond'));
  END IF;
  RETURN NEW;
END
$$;
