CREATE TABLE "address_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "address_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "address_failures_address_idx" ON "address_failures" USING btree ("action","address","at");--> statement-breakpoint
-- Like sign-in bookkeeping, it belongs to no company: the tenant role has no business with it.
REVOKE ALL ON "address_failures" FROM grantwell_app;
