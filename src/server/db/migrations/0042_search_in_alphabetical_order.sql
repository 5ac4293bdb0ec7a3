-- The search over everything (Ctrl+K) answers the first few of each kind in name order: in the
-- order the lists sort names since migration 0037, alphabetically as people read them (ICU's
-- root collation), not by code point, which put every capital before every small letter and an
-- accented name after z, and so left 'alpha' out of the five shown while 'Delta' was in.
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
    WHERE t.company_id = company.id AND lower(t.name || chr(31) || t.description) LIKE lower(pattern)
    ORDER BY t.name COLLATE "und-x-icu", t.id LIMIT per_kind)
$$;
