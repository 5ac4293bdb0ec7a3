CREATE TABLE "known_logins" (
	"username_key" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_logins_username_key_address_pk" PRIMARY KEY("username_key","address")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username_key" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_username_idx" ON "login_failures" USING btree ("username_key","at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","at");--> statement-breakpoint
-- Sign-in bookkeeping belongs to no company: the tenant role has no business with it.
REVOKE ALL ON "login_failures", "known_logins" FROM grantwell_app;
