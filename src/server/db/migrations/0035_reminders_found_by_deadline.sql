-- The reminders of one deadline, found by its kind and id (migration 0034 deletes them with it:
-- a bulk deletion of 500 grants read every notification of the company for each, 48 s at
-- 300,000 of them).
CREATE INDEX IF NOT EXISTS "notifications_deadline_idx" ON "notifications" USING btree ("company_id",("key" COLLATE "C"));
--> statement-breakpoint
-- The reminders of deadlines deleted before migration 0034 go too.
DELETE FROM notifications n WHERE n.key LIKE 'grant:%' AND NOT EXISTS (
  SELECT 1 FROM grants g WHERE g.company_id = n.company_id AND g.id = split_part(n.key, ':', 2)::integer
);
--> statement-breakpoint
DELETE FROM notifications n WHERE n.key LIKE 'task:%' AND NOT EXISTS (
  SELECT 1 FROM grant_tasks t WHERE t.company_id = n.company_id AND t.id = split_part(n.key, ':', 2)::integer
);
--> statement-breakpoint
DELETE FROM notifications n WHERE n.key LIKE 'requirement:%' AND NOT EXISTS (
  SELECT 1 FROM grant_requirements r
   WHERE r.company_id = n.company_id AND r.id = split_part(n.key, ':', 2)::integer
);
