CREATE TYPE "public"."throttled_action" AS ENUM('sign-in', 'register', 'accept-invitation');--> statement-breakpoint
CREATE TABLE "throttle_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "throttle_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" "throttled_action" NOT NULL,
	"address" text NOT NULL,
	"username_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "throttle_attempts_account_check" CHECK (("throttle_attempts"."action" = 'sign-in') = ("throttle_attempts"."username_key" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "throttle_attempts_address_idx" ON "throttle_attempts" USING btree ("action","address","at");--> statement-breakpoint
CREATE INDEX "throttle_attempts_account_idx" ON "throttle_attempts" USING btree ("username_key","at");--> statement-breakpoint
CREATE INDEX "throttle_attempts_at_idx" ON "throttle_attempts" USING btree ("at");--> statement-breakpoint
-- The failures of the last 15 minutes keep counting across the upgrade.
INSERT INTO "throttle_attempts" ("action", "address", "username_key", "at")
SELECT 'sign-in', "address", "username_key", "at" FROM "login_failures"
WHERE "at" > now() - interval '15 minutes';--> statement-breakpoint
INSERT INTO "throttle_attempts" ("action", "address", "at")
SELECT "action"::"throttled_action", "address", "at" FROM "address_failures"
WHERE "at" > now() - interval '15 minutes';--> statement-breakpoint
DROP TABLE "address_failures" CASCADE;--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
-- Like the tables it replaces, it belongs to no company: the tenant role has no business with it.
REVOKE ALL ON "throttle_attempts" FROM grantwell_app;
