-- Lists sort names alphabetically, as people read them (ICU's root collation), not by code point:
-- the indexes of the two lists sorted by name by default follow.
DROP INDEX "contacts_name_idx";--> statement-breakpoint
DROP INDEX "funders_name_idx";--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("company_id",("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
CREATE INDEX "funders_name_idx" ON "funders" USING btree ("company_id",("name" COLLATE "und-x-icu"),"id");--> statement-breakpoint
-- The searches of the contacts and interactions lists sort as those lists do: their text columns
-- alphabetically (as 0014 made them otherwise).
CREATE OR REPLACE FUNCTION contacts_search_page(
  pattern text, sort_column text, descending boolean, page_size integer, skip integer,
  only_organization text
) RETURNS TABLE (id integer, total bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 50 AS $$
BEGIN
  IF sort_column NOT IN ('name', 'email', 'organization', 'created_at') THEN
    RAISE EXCEPTION 'contacts are not sorted by %', sort_column;
  END IF;
  RETURN QUERY EXECUTE format(
    'WITH found AS MATERIALIZED (
       SELECT c.id, c.%1$I%3$s AS sort_key FROM contacts c
       WHERE c.company_id = $1
         AND c.search LIKE lower($2)
         AND ($5::text IS NULL OR c.organization = $5))
     SELECT page.id, counted.total FROM (SELECT count(*) AS total FROM found) counted
     LEFT JOIN LATERAL (SELECT found.id, found.sort_key FROM found
       ORDER BY found.sort_key %2$s, found.id %2$s LIMIT $3 OFFSET $4) page ON true
     ORDER BY page.sort_key %2$s, page.id %2$s',
    sort_column, CASE WHEN descending THEN 'DESC' ELSE 'ASC' END,
    CASE WHEN sort_column = 'created_at' THEN '' ELSE ' COLLATE "und-x-icu"' END)
  USING NULLIF(current_setting('app.company_id', true), '')::integer, pattern, page_size, skip,
    only_organization;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION interactions_search_page(
  pattern text, sort_column text, descending boolean, page_size integer, skip integer,
  only_contact integer
) RETURNS TABLE (id integer, total bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 50 AS $$
BEGIN
  IF sort_column NOT IN ('date', 'type', 'contact_name', 'created_at') THEN
    RAISE EXCEPTION 'interactions are not sorted by %', sort_column;
  END IF;
  RETURN QUERY EXECUTE format(
    'WITH found AS MATERIALIZED (
       SELECT i.id, i.%1$I%3$s AS sort_key FROM interactions i
       WHERE i.company_id = $1
         AND i.search LIKE lower($2)
         AND ($5::integer IS NULL OR i.contact_id = $5))
     SELECT page.id, counted.total FROM (SELECT count(*) AS total FROM found) counted
     LEFT JOIN LATERAL (SELECT found.id, found.sort_key FROM found
       ORDER BY found.sort_key %2$s, found.id %2$s LIMIT $3 OFFSET $4) page ON true
     ORDER BY page.sort_key %2$s, page.id %2$s',
    sort_column, CASE WHEN descending THEN 'DESC' ELSE 'ASC' END,
    CASE WHEN sort_column = 'contact_name' THEN ' COLLATE "und-x-icu"' ELSE '' END)
  USING NULLIF(current_setting('app.company_id', true), '')::integer, pattern, page_size, skip,
    only_contact;
END
$$;
