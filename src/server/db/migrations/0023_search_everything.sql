-- The search over everything (Ctrl+K) finds grants, opportunities, funders and tasks by a fragment of their names.
CREATE INDEX "funders_search_idx" ON "funders" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grant_tasks_search_idx" ON "grant_tasks" USING gin (lower("name" || chr(31) || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grants_search_idx" ON "grants" USING gin (lower("name" || chr(31) || "funder") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin (lower("name" || chr(31) || "organization") gin_trgm_ops);