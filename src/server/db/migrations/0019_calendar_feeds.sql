CREATE TABLE "calendar_feeds" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
-- A tenant table like the others (migration 0001). A feed's address is looked up before its
-- company is known, as a session's cookie is, by the owner role.
ALTER TABLE "calendar_feeds" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "calendar_feeds" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "calendar_feeds_owner" ON "calendar_feeds" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "calendar_feeds_tenant" ON "calendar_feeds" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
