-- A company always keeps an admin: no removal or demotion may take away its last one. Checked
-- in the database, for every path that changes users, and made safe under concurrency: each
-- check first locks the company's row, so two admins removing (or demoting) each other at the
-- same moment take turns, and the second one counts what the first one left. FOR NO KEY UPDATE
-- leaves inserts that reference the company (which take KEY SHARE) free to go on.
CREATE FUNCTION company_keeps_an_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM companies WHERE id = OLD.company_id FOR NO KEY UPDATE;
  -- The company itself is being deleted, its users with it.
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM users WHERE company_id = OLD.company_id AND role = 'admin') THEN
    RAISE EXCEPTION 'company % would be left without an admin', OLD.company_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_company_keeps_an_admin';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_removal_keeps_an_admin
  AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.role = 'admin')
  EXECUTE FUNCTION company_keeps_an_admin();
--> statement-breakpoint
CREATE TRIGGER users_role_change_keeps_an_admin
  AFTER UPDATE OF role ON users
  FOR EACH ROW WHEN (OLD.role = 'admin' AND NEW.role <> 'admin')
  EXECUTE FUNCTION company_keeps_an_admin();
