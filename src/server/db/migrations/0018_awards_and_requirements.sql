CREATE TYPE "public"."requirement_status" AS ENUM('pending', 'submitted', 'accepted');--> statement-breakpoint
CREATE TYPE "public"."requirement_type" AS ENUM('letter_of_inquiry', 'application', 'interim_report', 'final_report', 'budget', 'site_visit', 'other');--> statement-breakpoint
CREATE TABLE "grant_requirements" (
	"company_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "grant_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" "requirement_type" NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"status" "requirement_status" DEFAULT 'pending' NOT NULL,
	"assignee_id" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grant_requirements_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "grant_tasks" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "awarded_amount" bigint;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "awarded_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grant_requirements" ADD CONSTRAINT "grant_requirements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_requirements" ADD CONSTRAINT "grant_requirements_company_id_grant_id_grants_company_id_id_fk" FOREIGN KEY ("company_id","grant_id") REFERENCES "public"."grants"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_requirements" ADD CONSTRAINT "grant_requirements_assignee_fk" FOREIGN KEY ("company_id","assignee_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grant_requirements_grant_idx" ON "grant_requirements" USING btree ("company_id","grant_id","due_date");--> statement-breakpoint
CREATE INDEX "grant_requirements_due_idx" ON "grant_requirements" USING btree ("company_id","status","due_date");--> statement-breakpoint
ALTER TABLE "grant_tasks" ADD CONSTRAINT "grant_tasks_assignee_fk" FOREIGN KEY ("company_id","assignee_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grant_tasks_assignee_idx" ON "grant_tasks" USING btree ("company_id","assignee_id");--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_awarded_amount_check" CHECK ("grants"."awarded_amount" >= 0);--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_period_check" CHECK ("grants"."period_end" >= "grants"."period_start");--> statement-breakpoint
-- A tenant table like the others (migration 0001).
ALTER TABLE "grant_requirements" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "grant_requirements" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "grant_requirements_owner" ON "grant_requirements" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY "grant_requirements_tenant" ON "grant_requirements" TO grantwell_app USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer) WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::integer);
