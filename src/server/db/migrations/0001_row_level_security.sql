-- The second wall of tenancy: queries of a request run as grantwell_app, a role that can
-- neither bypass row-level security nor own the tables, with app.company_id set for the
-- transaction. Each tenant table then shows and accepts only that company's rows.
DO $$
BEGIN
  CREATE ROLE grantwell_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
GRANT grantwell_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO grantwell_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO grantwell_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO grantwell_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO grantwell_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO grantwell_app;
--> statement-breakpoint
ALTER TABLE "companies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "companies" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The owner keeps its access (it runs migrations and the few lookups made before a company is
-- known: sign-in, session cookies, registration, invitation links).
CREATE POLICY "companies_owner" ON "companies" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "companies_own" ON "companies" TO grantwell_app USING ("id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "users_owner" ON "users" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "users_tenant" ON "users" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "sessions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "sessions_owner" ON "sessions" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "sessions_tenant" ON "sessions" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "contacts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "contacts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "contacts_owner" ON "contacts" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "contacts_tenant" ON "contacts" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "interactions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "interactions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "interactions_owner" ON "interactions" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "interactions_tenant" ON "interactions" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "grants" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "grants" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "grants_owner" ON "grants" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "grants_tenant" ON "grants" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "grant_tasks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "grant_tasks" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "grant_tasks_owner" ON "grant_tasks" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "grant_tasks_tenant" ON "grant_tasks" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "opportunities" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "opportunities" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "opportunities_owner" ON "opportunities" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "opportunities_tenant" ON "opportunities" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE "user_invitations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "user_invitations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "user_invitations_owner" ON "user_invitations" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "user_invitations_tenant" ON "user_invitations" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
