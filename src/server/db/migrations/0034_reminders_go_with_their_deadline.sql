-- A reminder of a deadline (a notification keyed '<kind>:<id>:<day>:<stage>', see
-- src/server/modules/reminders/reminder-plan.ts) goes when its grant, task or requirement is
-- deleted: it stayed in its users' menus, counted as unread, and opened a page that said the
-- record was not found. A grant's tasks and requirements go with it (their foreign keys), and so
-- do their reminders. An email not yet sent is not sent.
CREATE FUNCTION delete_reminders_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notifications n
   USING old_rows o
   WHERE n.company_id = o.company_id
     AND n.key LIKE TG_ARGV[0] || ':' || o.id || ':%';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER grants_reminders_delete AFTER DELETE ON grants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_rows('grant');
--> statement-breakpoint
CREATE TRIGGER grant_tasks_reminders_delete AFTER DELETE ON grant_tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_rows('task');
--> statement-breakpoint
CREATE TRIGGER grant_requirements_reminders_delete AFTER DELETE ON grant_requirements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_rows('requirement');
