-- The searches look in a stored, lower-cased copy of their fields (see contactSearchText in
-- schema.ts): a match then costs one LIKE per candidate row, not joining and lower-casing the
-- fields again for each one.
DROP INDEX "contacts_search_idx";--> statement-breakpoint
DROP INDEX "interactions_search_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search" text GENERATED ALWAYS AS (lower("contacts"."name" || chr(31) || "contacts"."email" || chr(31) || coalesce("contacts"."organization", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "search" text GENERATED ALWAYS AS (lower("interactions"."notes" || chr(31) || "interactions"."contact_name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "interactions_search_idx" ON "interactions" USING gin ("search" gin_trgm_ops);