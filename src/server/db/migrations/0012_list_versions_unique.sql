-- A list's version names its content for the page boundaries a server keeps
-- (src/server/db/list-helpers.ts). Counted from 1, two databases (or a backup of another one,
-- restored under a running server) could show the same company, list and version for different
-- rows. From now on each write sets it to the clock in microseconds, and always past the last.
CREATE OR REPLACE FUNCTION count_list_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stamp bigint := (extract(epoch FROM clock_timestamp()) * 1000000)::bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS l (company_id, list, total, version)
      SELECT company_id, TG_TABLE_NAME, count(*), stamp FROM new_rows GROUP BY company_id
      ON CONFLICT (company_id, list)
      DO UPDATE SET total = l.total + excluded.total, version = greatest(l.version + 1, stamp);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE list_counts l SET total = l.total - d.n, version = greatest(l.version + 1, stamp)
      FROM (SELECT company_id, count(*) AS n FROM old_rows GROUP BY company_id) d
      WHERE l.company_id = d.company_id AND l.list = TG_TABLE_NAME;
  ELSE
    UPDATE list_counts l SET version = greatest(l.version + 1, stamp)
      FROM (SELECT DISTINCT company_id FROM new_rows) d
      WHERE l.company_id = d.company_id AND l.list = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
