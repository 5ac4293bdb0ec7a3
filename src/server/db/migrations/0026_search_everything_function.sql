-- The search over everything (Ctrl+K) through its trigram indexes. Under row-level security
-- PostgreSQL may not use an index for LIKE or lower() (they are not leakproof), and read every
-- row of each table instead; like the lists' search functions (migration 0014), this one runs
-- as the tables' owner, for the company of the transaction only, and answers the first few of
-- each kind: each kind's ids and names in its own order (kind, then that order).
CREATE FUNCTION search_everything(pattern text, per_kind integer)
  RETURNS TABLE (kind text, id integer, title text, detail text, "grantId" integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH company AS (SELECT NULLIF(current_setting('app.company_id', true), '')::integer AS id)
  (SELECT 'contact', c.id, c.name, c.email, NULL::integer
     FROM contacts c, company
    WHERE c.company_id = company.id AND c.search LIKE lower(pattern)
    ORDER BY c.name, c.id LIMIT per_kind)
  UNION ALL
  (SELECT 'funder', f.id, f.name, NULL, NULL
     FROM funders f, company
    WHERE f.company_id = company.id AND lower(f.name) LIKE lower(pattern)
    ORDER BY f.name, f.id LIMIT per_kind)
  UNION ALL
  (SELECT 'grant', g.id, g.name, g.funder, NULL
     FROM grants g, company
    WHERE g.company_id = company.id AND lower(g.name || chr(31) || g.funder) LIKE lower(pattern)
    ORDER BY g.name, g.id LIMIT per_kind)
  UNION ALL
  (SELECT 'opportunity', o.id, o.name, o.organization, NULL
     FROM opportunities o, company
    WHERE o.company_id = company.id
      AND lower(o.name || chr(31) || o.organization) LIKE lower(pattern)
    ORDER BY o.name, o.id LIMIT per_kind)
  UNION ALL
  (SELECT 'interaction', i.id, i.contact_name, left(i.notes, 200), NULL
     FROM interactions i, company
    WHERE i.company_id = company.id AND i.search LIKE lower(pattern)
    ORDER BY i.date DESC, i.id DESC LIMIT per_kind)
  UNION ALL
  (SELECT 'task', t.id, t.name, g.name, t.grant_id
     FROM grant_tasks t
     JOIN grants g ON g.company_id = t.company_id AND g.id = t.grant_id, company
    WHERE t.company_id = company.id AND lower(t.name || chr(31) || t.description) LIKE lower(pattern)
    ORDER BY t.name, t.id LIMIT per_kind)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION search_everything(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_everything(text, integer) TO grantwell_app;
