-- History is stamped with the time of each write, not of its transaction's start: a change
-- that waited on another's row follows it in time as it does in the history.
ALTER TABLE "activity" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();
