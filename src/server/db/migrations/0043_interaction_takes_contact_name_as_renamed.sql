-- An interaction saved under a contact (a new one, or one moved to another contact) at the moment
-- that contact was renamed kept the name before the rename for good: its trigger read the name
-- as last committed, and the rename's own rewrite of its contact's interactions (migration 0010)
-- could not see an interaction not yet saved. The name is now read FOR SHARE, which waits for a
-- rename under way and then reads the new name; a rename begun after it waits for the interaction,
-- then rewrites it too. An interaction that keeps its contact reads the name as before, without
-- the lock: a rename under way waits for it and rewrites it, and a lock there would close a
-- circle with that rename (the interaction held, the contact wanted; the contact held, the
-- interaction wanted).
CREATE OR REPLACE FUNCTION interaction_contact_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.contact_id IS DISTINCT FROM OLD.contact_id THEN
    NEW.contact_name := coalesce(
      (SELECT name FROM contacts WHERE company_id = NEW.company_id AND id = NEW.contact_id
        FOR SHARE), '');
  ELSE
    NEW.contact_name := coalesce(
      (SELECT name FROM contacts WHERE company_id = NEW.company_id AND id = NEW.contact_id), '');
  END IF;
  RETURN NEW;
END
$$;
