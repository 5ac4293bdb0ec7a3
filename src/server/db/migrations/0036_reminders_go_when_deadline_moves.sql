-- A deadline's reminders (migration 0034) go too when the deadline moves, or is met: a grant's
-- due date changed, or the grant submitted or decided; a task's due date changed, or the task
-- completed; a requirement's due date changed, or the requirement no longer pending. They
-- stayed in their users' menus, unread, telling of a date that was no longer the deadline
-- ("due tomorrow · Sun, Nov 29" for a grant moved to December), and their emails not yet sent
-- still went. The next reminder scan makes those of the deadline as it now is, if any are due.
-- `TG_ARGV[1]` is the statuses in which the record still has a deadline to meet.
CREATE FUNCTION delete_reminders_of_moved_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved record;
BEGIN
  FOR moved IN
    SELECT n.company_id, TG_ARGV[0] || ':' || n.id AS prefix
      FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE o.due_date IS DISTINCT FROM n.due_date
        OR (o.status::text = ANY (TG_ARGV[1]::text[])
            AND NOT (n.status::text = ANY (TG_ARGV[1]::text[])))
  LOOP
    DELETE FROM notifications
     WHERE company_id = moved.company_id
       AND (key COLLATE "C") >= moved.prefix || ':'
       AND (key COLLATE "C") < moved.prefix || ';';
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER grants_reminders_move AFTER UPDATE ON grants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_moved_rows('grant', '{draft,in-progress}');
--> statement-breakpoint
CREATE TRIGGER grant_tasks_reminders_move AFTER UPDATE ON grant_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_moved_rows('task', '{pending,in-progress,overdue}');
--> statement-breakpoint
CREATE TRIGGER grant_requirements_reminders_move AFTER UPDATE ON grant_requirements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_moved_rows('requirement', '{pending}');
