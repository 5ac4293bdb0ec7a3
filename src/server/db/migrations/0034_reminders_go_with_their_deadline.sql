-- A reminder of a deadline (a notification keyed '<kind>:<id>:<day>:<stage>', see
-- src/server/modules/reminders/reminder-plan.ts) goes when its grant, task or requirement is
-- deleted: it stayed in its users' menus, counted as unread, and opened a page that said the
-- record was not found. A grant's tasks and requirements go with it (their foreign keys), and so
-- do their reminders. An email not yet sent is not sent.
-- The keys of one deadline's reminders are those from '<kind>:<id>:' up to '<kind>:<id>;' in
-- byte order (';' follows ':'), a range the index of migration 0035 finds: one row at a time, as
-- a join of the deleted rows with the notifications would read all of the company's for each.
CREATE FUNCTION delete_reminders_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone record;
BEGIN
  FOR gone IN SELECT company_id, TG_ARGV[0] || ':' || id AS prefix FROM old_rows LOOP
    DELETE FROM notifications
     WHERE company_id = gone.company_id
       AND (key COLLATE "C") >= gone.prefix || ':'
       AND (key COLLATE "C") < gone.prefix || ';';
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER grants_reminders_delete AFTER DELETE ON grants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_rows('grant');
--> statement-breakpoint
CREATE TRIGGER grant_tasks_reminders_delete AFTER DELETE ON grant_tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_rows('task');
--> statement-breakpoint
CREATE TRIGGER grant_requirements_reminders_delete AFTER DELETE ON grant_requirements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_rows('requirement');
