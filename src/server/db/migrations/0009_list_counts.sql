CREATE TABLE "list_counts" (
	"company_id" integer NOT NULL,
	"list" text NOT NULL,
	"total" bigint NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "list_counts_company_id_list_pk" PRIMARY KEY("company_id","list")
);
--> statement-breakpoint
ALTER TABLE "list_counts" ADD CONSTRAINT "list_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_name_search_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interactions_notes_search_idx" ON "interactions" USING gin ("notes" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "list_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "list_counts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "list_counts_owner" ON "list_counts" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "list_counts_own" ON "list_counts" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- Keeps list_counts in the transaction of each write, once per statement (a 100,000-row import
-- updates the count once). It runs as the writer's role: row-level security lets a company's
-- writes change that company's counts only.
CREATE FUNCTION count_list_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS l (company_id, list, total, version)
      SELECT company_id, TG_TABLE_NAME, count(*), 1 FROM new_rows GROUP BY company_id
      ON CONFLICT (company_id, list)
      DO UPDATE SET total = l.total + excluded.total, version = l.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE list_counts l SET total = l.total - d.n, version = l.version + 1
      FROM (SELECT company_id, count(*) AS n FROM old_rows GROUP BY company_id) d
      WHERE l.company_id = d.company_id AND l.list = TG_TABLE_NAME;
  ELSE
    UPDATE list_counts l SET version = l.version + 1
      FROM (SELECT DISTINCT company_id FROM new_rows) d
      WHERE l.company_id = d.company_id AND l.list = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  list text;
BEGIN
  FOREACH list IN ARRAY ARRAY['contacts', 'interactions', 'grants', 'opportunities'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_counted_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows()', list);
    EXECUTE format('CREATE TRIGGER %1$s_counted_update AFTER UPDATE ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows()', list);
    EXECUTE format('CREATE TRIGGER %1$s_counted_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows()', list);
    EXECUTE format('INSERT INTO list_counts (company_id, list, total, version) SELECT company_id, %L, count(*), 1 FROM %I GROUP BY company_id', list, list);
  END LOOP;
END
$$;
