-- The reminders of a task or requirement go too when it is given to someone else (or to no one):
-- they stayed in the former assignee's menu, unread and counted, for work no longer theirs, and
-- their emails not yet sent still went. As when the deadline moves (0036), the next reminder
-- scan makes those of the deadline for whoever hears of it now: its assignee, or the admins.
CREATE FUNCTION delete_reminders_of_reassigned_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reassigned record;
BEGIN
  FOR reassigned IN
    SELECT n.company_id, TG_ARGV[0] || ':' || n.id AS prefix
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE o.assignee_id IS DISTINCT FROM n.assignee_id
  LOOP
    DELETE FROM notifications
     WHERE company_id = reassigned.company_id
       AND (key COLLATE "C") >= reassigned.prefix || ':'
       AND (key COLLATE "C") < reassigned.prefix || ';';
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER grant_tasks_reminders_reassign AFTER UPDATE ON grant_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_reassigned_rows('task');
--> statement-breakpoint
CREATE TRIGGER grant_requirements_reminders_reassign AFTER UPDATE ON grant_requirements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_reassigned_rows('requirement');
