-- Newest first is date DESC, id DESC (the interactions list, the dashboard, a funder's page, a
-- contact's page): indexes read backwards give that order; date DESC NULLS LAST matched none.
DROP INDEX "interactions_date_idx";--> statement-breakpoint
DROP INDEX "interactions_contact_idx";--> statement-breakpoint
CREATE INDEX "interactions_date_idx" ON "interactions" USING btree ("company_id","date","id");--> statement-breakpoint
CREATE INDEX "interactions_contact_idx" ON "interactions" USING btree ("company_id","contact_id","date","id");
