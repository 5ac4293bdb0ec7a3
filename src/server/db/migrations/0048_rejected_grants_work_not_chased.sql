-- A rejected grant's tasks and requirements are chased no more (the reminder scan leaves them
-- out), but the reminders made of them before it was rejected stayed in their users' menus,
-- unread, and their emails not yet sent still went. They go once the grant is rejected, as a
-- deadline's reminders go when it moves (migration 0036); those left from before go now.
CREATE OR REPLACE FUNCTION delete_reminders_of_rejected_grants_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One whose email is being sent (its row held meanwhile, up to the mail server's time limit)
  -- is left, rather than hold the grant's change past its statement's time.
  DELETE FROM notifications
   WHERE id IN (
     SELECT n.id
       FROM notifications n
       JOIN (
         SELECT w.company_id, 'task:' || w.id AS prefix
           FROM grant_tasks w
           JOIN new_rows g ON g.id = w.grant_id AND g.company_id = w.company_id
           JOIN old_rows o ON o.id = g.id
          WHERE g.status = 'rejected' AND o.status <> 'rejected'
         UNION ALL
         SELECT w.company_id, 'requirement:' || w.id
           FROM grant_requirements w
           JOIN new_rows g ON g.id = w.grant_id AND g.company_id = w.company_id
           JOIN old_rows o ON o.id = g.id
          WHERE g.status = 'rejected' AND o.status <> 'rejected'
       ) work
         ON n.company_id = work.company_id
        AND (n.key COLLATE "C") >= work.prefix || ':'
        AND (n.key COLLATE "C") < work.prefix || ';'
        FOR UPDATE OF n SKIP LOCKED
   );
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS grants_reminders_of_work_rejected ON grants;
--> statement-breakpoint
CREATE TRIGGER grants_reminders_of_work_rejected AFTER UPDATE ON grants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_reminders_of_rejected_grants_work();
--> statement-breakpoint
DELETE FROM notifications n
 USING (
   SELECT w.company_id, 'task:' || w.id AS prefix
     FROM grant_tasks w JOIN grants g ON g.id = w.grant_id AND g.company_id = w.company_id
    WHERE g.status = 'rejected'
   UNION ALL
   SELECT w.company_id, 'requirement:' || w.id
     FROM grant_requirements w JOIN grants g ON g.id = w.grant_id AND g.company_id = w.company_id
    WHERE g.status = 'rejected'
 ) work
 WHERE n.company_id = work.company_id
   AND (n.key COLLATE "C") >= work.prefix || ':'
   AND (n.key COLLATE "C") < work.prefix || ';';
