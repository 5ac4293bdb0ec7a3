-- The history of every change (activity), and who made and last changed each record.
CREATE TABLE "activity" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"title" text NOT NULL,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "created_by" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "funders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "funders" ADD COLUMN "created_by" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "grant_requirements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "grant_requirements" ADD COLUMN "created_by" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "grant_tasks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "grant_tasks" ADD COLUMN "created_by" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "created_by" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "created_by" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "created_by" integer DEFAULT nullif(current_setting('app.user_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_record_idx" ON "activity" USING btree ("company_id","entity","entity_id","id");--> statement-breakpoint
-- Records that were there before have not changed since they were made.
UPDATE "contacts" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "funders" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "grant_requirements" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "grant_tasks" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "grants" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "interactions" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "opportunities" SET "updated_at" = "created_at";--> statement-breakpoint
-- A tenant table like the others (migration 0001), except that the tenant role may only read and
-- add entries: the history cannot be edited or erased through the application.
ALTER TABLE "activity" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "activity" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "activity_owner" ON "activity" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "activity_tenant" ON "activity" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "activity" FROM grantwell_app;
--> statement-breakpoint
-- updated_at follows every update of a record.
CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The activity entries of one statement's rows, in one insert (transition tables). TG_ARGV: the
-- record's kind, and the column that names it. The actor is the transaction's app.user_id (set
-- by inCompany for a signed-in request), named as the users table names them now. An update
-- lists each column whose value changed, before and after, leaving out what the database keeps
-- by itself (keys, the search columns, an interaction's copy of its contact's name, the times);
-- an update that changed none of the others writes nothing.
-- The transition tables have no statistics: left to itself the planner may join an update's old
-- and new rows in a nested loop, which took 25 s for 12,000 rows; a hash join takes milliseconds.
CREATE FUNCTION record_activity() RETURNS trigger LANGUAGE plpgsql SET enable_nestloop = off AS $$
DECLARE
  kind text := TG_ARGV[0];
  title_column text := TG_ARGV[1];
  actor integer := nullif(current_setting('app.user_id', true), '')::integer;
  actor_name text;
  kept text[] := ARRAY['company_id', 'id', 'search', 'email_key', 'name_key', 'contact_name', 'created_at',
                       'updated_at', 'created_by'];
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
DO $$
DECLARE
  tracked record;
BEGIN
  FOR tracked IN SELECT * FROM (VALUES
    ('contacts', 'contact', 'name'),
    ('interactions', 'interaction', 'contact_name'),
    ('grants', 'grant', 'name'),
    ('grant_tasks', 'task', 'name'),
    ('grant_requirements', 'requirement', 'name'),
    ('opportunities', 'opportunity', 'name'),
    ('funders', 'funder', 'name')
  ) AS t(tab, kind, title) LOOP
    EXECUTE format('CREATE TRIGGER %1$s_updated_at BEFORE UPDATE ON %1$I FOR EACH ROW EXECUTE FUNCTION set_updated_at()', tracked.tab);
    EXECUTE format('CREATE TRIGGER %1$s_activity_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_activity(%2$L, %3$L)', tracked.tab, tracked.kind, tracked.title);
    EXECUTE format('CREATE TRIGGER %1$s_activity_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_activity(%2$L, %3$L)', tracked.tab, tracked.kind, tracked.title);
    EXECUTE format('CREATE TRIGGER %1$s_activity_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_activity(%2$L, %3$L)', tracked.tab, tracked.kind, tracked.title);
  END LOOP;
END
$$;
