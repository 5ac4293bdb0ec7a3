-- The interactions search looks in the notes and in the contact's name. A condition over two
-- tables could not use one index, so each interaction keeps its contact's name, kept in step by
-- the triggers below, and one trigram index covers both, as contacts_search_idx does.
DROP INDEX "contacts_name_search_idx";--> statement-breakpoint
DROP INDEX "interactions_notes_search_idx";--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "interactions" i SET "contact_name" = c."name"
  FROM "contacts" c WHERE c."company_id" = i."company_id" AND c."id" = i."contact_id";--> statement-breakpoint
-- A missing contact leaves the name empty: the foreign key then refuses the row with its own error.
CREATE FUNCTION interaction_contact_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.contact_name := coalesce(
    (SELECT name FROM contacts WHERE company_id = NEW.company_id AND id = NEW.contact_id), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER interactions_contact_name
  BEFORE INSERT OR UPDATE OF contact_id, contact_name ON interactions
  FOR EACH ROW EXECUTE FUNCTION interaction_contact_name();--> statement-breakpoint
CREATE FUNCTION contact_name_to_interactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE interactions SET contact_name = NEW.name
    WHERE company_id = NEW.company_id AND contact_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contacts_name_to_interactions
  AFTER UPDATE OF name ON contacts
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION contact_name_to_interactions();--> statement-breakpoint
CREATE INDEX "interactions_search_idx" ON "interactions" USING gin (("notes" || chr(31) || "contact_name") gin_trgm_ops);
