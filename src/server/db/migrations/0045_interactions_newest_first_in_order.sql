-- Interactions newest first (the interactions list, the dashboard, a contact's and a funder's
-- page) are read as a page straight from an index in that order, no longer by sorting every
-- interaction of the company: `date DESC` in a query puts NULLs first, and these indexes had
-- them last, so no query's order matched them.
DROP INDEX "interactions_date_idx";--> statement-breakpoint
DROP INDEX "interactions_contact_idx";--> statement-breakpoint
CREATE INDEX "interactions_date_idx" ON "interactions" USING btree ("company_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "interactions_contact_idx" ON "interactions" USING btree ("company_id","contact_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);