-- The import's duplicate lookup through an index that row-level security lets it use: lower(email)
-- in a query is not leakproof, so under the tenant role PostgreSQL read every contact instead.
DROP INDEX "contacts_email_key_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower("contacts"."email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_email_key_idx" ON "contacts" USING btree ("company_id","email_key");