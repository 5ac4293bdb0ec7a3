CREATE TYPE "public"."funder_type" AS ENUM('foundation', 'government', 'corporate', 'individual', 'other');--> statement-breakpoint
CREATE TABLE "funders" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "funders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(btrim("funders"."name"))) STORED NOT NULL,
	"type" "funder_type",
	"website" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "funders" ADD CONSTRAINT "funders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funders_name_key" ON "funders" USING btree ("company_id","name_key");--> statement-breakpoint
CREATE INDEX "funders_name_idx" ON "funders" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "contacts_funder_key_idx" ON "contacts" USING btree ("company_id",lower(btrim("organization")));--> statement-breakpoint
CREATE INDEX "grants_funder_key_idx" ON "grants" USING btree ("company_id",lower(btrim("funder")));--> statement-breakpoint
CREATE INDEX "opportunities_funder_key_idx" ON "opportunities" USING btree ("company_id",lower(btrim("organization")));--> statement-breakpoint
-- A tenant table like the others (migration 0001).
ALTER TABLE "funders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "funders" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "funders_owner" ON "funders" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "funders_tenant" ON "funders" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- Every name a grant (funder), an opportunity or a contact (organization) is saved with has a
-- funder, in the transaction of the write, once per statement (an import of 100,000 contacts
-- adds its new names in one insert). Names matched by lower(btrim(name)); the first spelling
-- saved is the funder's name. It runs as the writer's role: row-level security keeps it to the
-- writer's company.
CREATE FUNCTION add_funders_of_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'grants' THEN
    INSERT INTO funders (company_id, name)
      SELECT DISTINCT ON (company_id, lower(btrim(funder))) company_id, btrim(funder)
      FROM new_rows WHERE btrim(funder) <> ''
      ORDER BY company_id, lower(btrim(funder))
      ON CONFLICT (company_id, name_key) DO NOTHING;
  ELSE
    INSERT INTO funders (company_id, name)
      SELECT DISTINCT ON (company_id, lower(btrim(organization))) company_id, btrim(organization)
      FROM new_rows WHERE btrim(organization) <> ''
      ORDER BY company_id, lower(btrim(organization))
      ON CONFLICT (company_id, name_key) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  named text;
BEGIN
  FOREACH named IN ARRAY ARRAY['contacts', 'grants', 'opportunities'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_funders_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_funders_of_names()', named);
    EXECUTE format('CREATE TRIGGER %1$s_funders_update AFTER UPDATE ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION add_funders_of_names()', named);
  END LOOP;
  -- The funders list is counted as the other lists are (migration 0009).
  CREATE TRIGGER funders_counted_insert AFTER INSERT ON funders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();
  CREATE TRIGGER funders_counted_update AFTER UPDATE ON funders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();
  CREATE TRIGGER funders_counted_delete AFTER DELETE ON funders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows();
END
$$;
--> statement-breakpoint
-- The names already in use, spelled as first saved.
INSERT INTO funders (company_id, name)
  SELECT DISTINCT ON (company_id, lower(btrim(name))) company_id, btrim(name)
  FROM (
    SELECT company_id, funder AS name, created_at FROM grants
    UNION ALL SELECT company_id, organization, created_at FROM opportunities
    UNION ALL SELECT company_id, organization, created_at FROM contacts WHERE organization IS NOT NULL
  ) named
  WHERE btrim(name) <> ''
  ORDER BY company_id, lower(btrim(name)), created_at;
--> statement-breakpoint
INSERT INTO list_counts (company_id, list, total, version)
  SELECT company_id, 'funders', count(*), (extract(epoch FROM clock_timestamp()) * 1000000)::bigint
  FROM funders GROUP BY company_id
  ON CONFLICT (company_id, list) DO NOTHING;
