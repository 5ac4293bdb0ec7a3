-- Searches find text whatever the spaces in a row: names are stored with one space between words
-- and a search is sent with one (the request's q), and notes and task descriptions, which keep
-- what was typed, are searched with each run of spaces as one. 'Gates   Fund' typed found nothing
-- (the funder is stored 'Gates Fund'), and 'called twice' missed notes that say 'called  twice'.
DROP INDEX "grant_tasks_search_idx";--> statement-breakpoint
ALTER TABLE "interactions" drop column "search";--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(regexp_replace("interactions"."notes", ' {2,}', ' ', 'g') || chr(31) || "interactions"."contact_name")) STORED NOT NULL;--> statement-breakpoint
-- The column's index went with it.
CREATE INDEX "interactions_search_idx" ON "interactions" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grant_tasks_search_idx" ON "grant_tasks" USING gin (lower("name" || chr(31) || regexp_replace("description", ' {2,}', ' ', 'g')) gin_trgm_ops);--> statement-breakpoint
-- The search over everything looks in tasks as their index does.
CREATE OR REPLACE FUNCTION search_everything(pattern text, per_kind integer)
  RETURNS TABLE (kind text, id integer, title text, detail text, "grantId" integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH company AS (SELECT NULLIF(current_setting('app.company_id', true), '')::integer AS id)
  (SELECT 'contact', c.id, c.name, c.email, NULL::integer
     FROM contacts c, company
    WHERE c.company_id = company.id AND c.search LIKE lower(pattern)
    ORDER BY c.name COLLATE "und-x-icu", c.id LIMIT per_kind)
  UNION ALL
  (SELECT 'funder', f.id, f.name, NULL, NULL
     FROM funders f, company
    WHERE f.company_id = company.id AND lower(f.name) LIKE lower(pattern)
    ORDER BY f.name COLLATE "und-x-icu", f.id LIMIT per_kind)
  UNION ALL
  (SELECT 'grant', g.id, g.name, g.funder, NULL
     FROM grants g, company
    WHERE g.company_id = company.id AND lower(g.name || chr(31) || g.funder) LIKE lower(pattern)
    ORDER BY g.name COLLATE "und-x-icu", g.id LIMIT per_kind)
  UNION ALL
  (SELECT 'opportunity', o.id, o.name, o.organization, NULL
     FROM opportunities o, company
    WHERE o.company_id = company.id
      AND lower(o.name || chr(31) || o.organization) LIKE lower(pattern)
    ORDER BY o.name COLLATE "und-x-icu", o.id LIMIT per_kind)
  UNION ALL
  (SELECT 'interaction', i.id, i.contact_name, left(i.notes, 200), NULL
     FROM interactions i, company
    WHERE i.company_id = company.id AND i.search LIKE lower(pattern)
    ORDER BY i.date DESC, i.id DESC LIMIT per_kind)
  UNION ALL
  (SELECT 'task', t.id, t.name, g.name, t.grant_id
     FROM grant_tasks t
     JOIN grants g ON g.company_id = t.company_id AND g.id = t.grant_id, company
    WHERE t.company_id = company.id AND lower(t.name || chr(31) || regexp_replace(t.description, ' {2,}', ' ', 'g'))
      LIKE lower(pattern)
    ORDER BY t.name COLLATE "und-x-icu", t.id LIMIT per_kind)
$$;
