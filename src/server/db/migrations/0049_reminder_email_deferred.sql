-- A reminder's email is taken by the process that sends it for as long as a send can take
-- (email_not_before), rather than held locked in a transaction while the mail server answers:
-- a deadline met, moved or deleted meanwhile no longer waits on the mail server. A mailbox full
-- for now puts its own email off (email_not_before, email_deferrals) instead of holding back
-- every email of the company behind it.
ALTER TABLE "notifications" ADD COLUMN "email_not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_deferrals" integer DEFAULT 0 NOT NULL;