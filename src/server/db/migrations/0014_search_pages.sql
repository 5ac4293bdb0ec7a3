-- A search's page and its total in one pass over the matches. Before, the list counted the
-- matches and then read the page, each time finding the matching ids through the search
-- function and then reading every match by its key: four reads of some thousands of rows for
-- a common fragment. These functions find the matches once (through the trigram index on the
-- lower-cased search column of migration 0013, as the tables' owner, for the company of the
-- transaction only), count them, and answer the ids of the page in the list's order, each with the total (one row with no id when the page is past
-- the end). The list then reads those few rows under row-level security. The sort column is
-- checked against the list's sortable columns before it is named in the query.
DROP FUNCTION contacts_matching(text);--> statement-breakpoint
DROP FUNCTION interactions_matching(text);--> statement-breakpoint
CREATE FUNCTION contacts_search_page(
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
       SELECT c.id, c.%1$I AS sort_key FROM contacts c
       WHERE c.company_id = $1
         AND c.search LIKE lower($2)
         AND ($5::text IS NULL OR c.organization = $5))
     SELECT page.id, counted.total FROM (SELECT count(*) AS total FROM found) counted
     LEFT JOIN LATERAL (SELECT found.id, found.sort_key FROM found
       ORDER BY found.sort_key %2$s, found.id %2$s LIMIT $3 OFFSET $4) page ON true
     ORDER BY page.sort_key %2$s, page.id %2$s',
    sort_column, CASE WHEN descending THEN 'DESC' ELSE 'ASC' END)
  USING NULLIF(current_setting('app.company_id', true), '')::integer, pattern, page_size, skip,
    only_organization;
END
$$;--> statement-breakpoint
CREATE FUNCTION interactions_search_page(
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
       SELECT i.id, i.%1$I AS sort_key FROM interactions i
       WHERE i.company_id = $1
         AND i.search LIKE lower($2)
         AND ($5::integer IS NULL OR i.contact_id = $5))
     SELECT page.id, counted.total FROM (SELECT count(*) AS total FROM found) counted
     LEFT JOIN LATERAL (SELECT found.id, found.sort_key FROM found
       ORDER BY found.sort_key %2$s, found.id %2$s LIMIT $3 OFFSET $4) page ON true
     ORDER BY page.sort_key %2$s, page.id %2$s',
    sort_column, CASE WHEN descending THEN 'DESC' ELSE 'ASC' END)
  USING NULLIF(current_setting('app.company_id', true), '')::integer, pattern, page_size, skip,
    only_contact;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION contacts_search_page(text, text, boolean, integer, integer, text),
  interactions_search_page(text, text, boolean, integer, integer, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION contacts_search_page(text, text, boolean, integer, integer, text),
  interactions_search_page(text, text, boolean, integer, integer, integer) TO grantwell_app;
