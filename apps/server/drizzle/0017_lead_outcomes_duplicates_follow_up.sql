CREATE TYPE "public"."lead_lost_reason" AS ENUM('NO_BUDGET', 'NO_NEED', 'CHOSE_COMPETITOR', 'NO_RESPONSE', 'BAD_TIMING', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."lead_outcome_stage" AS ENUM('CONTACTED', 'MEETING', 'PROPOSAL', 'WON', 'LOST');--> statement-breakpoint
CREATE TABLE "lead_outcome_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"stage" "lead_outcome_stage" NOT NULL,
	"amount_cents" bigint,
	"lost_reason" "lead_lost_reason",
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "follow_up_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "outcome_stage" "lead_outcome_stage";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "won_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" "lead_lost_reason";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_nudged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "linkedin_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "lead_outcome_steps" ADD CONSTRAINT "lead_outcome_steps_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_outcome_steps" ADD CONSTRAINT "lead_outcome_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_outcome_steps_lead_idx" ON "lead_outcome_steps" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "leads_assigned_to_idx" ON "leads" USING btree ("assigned_to","group_id") WHERE "leads"."assigned_to" is not null;--> statement-breakpoint
CREATE INDEX "leads_email_key_idx" ON "leads" USING btree ("group_id","email_key","id") WHERE "leads"."email_key" is not null;--> statement-breakpoint
CREATE INDEX "leads_phone_key_idx" ON "leads" USING btree ("group_id","phone_key","id") WHERE "leads"."phone_key" is not null;--> statement-breakpoint
CREATE INDEX "leads_linkedin_key_idx" ON "leads" USING btree ("group_id","linkedin_key","id") WHERE "leads"."linkedin_key" is not null;--> statement-breakpoint
CREATE INDEX "leads_name_key_idx" ON "leads" USING btree ("group_id","name_key","id") WHERE "leads"."name_key" is not null;--> statement-breakpoint
CREATE INDEX "leads_group_won_idx" ON "leads" USING btree ("group_id","won_at") WHERE "leads"."outcome_stage" = 'WON';--> statement-breakpoint
CREATE INDEX "leads_follow_up_idx" ON "leads" USING btree ("assigned_at") WHERE "leads"."assigned_to" is not null and ("leads"."outcome_stage" is null or "leads"."outcome_stage" not in ('WON', 'LOST'));--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_follow_up_days_range" CHECK ("groups"."follow_up_days" between 1 and 90);--> statement-breakpoint
-- Hand-written: the duplicate keys of the leads already there, as format/match-keys.ts writes them.
UPDATE "leads" SET
  "email_key" = nullif(lower(regexp_replace(coalesce("email", ''), '^\s+|\s+$', '', 'g')), ''),
  "phone_key" = (SELECT CASE WHEN length(p) >= 7 THEN p END
    FROM (SELECT CASE WHEN length(d) = 11 AND left(d, 1) = '1' THEN substr(d, 2) ELSE d END AS p
      FROM (SELECT regexp_replace(coalesce("phone", ''), '\D', '', 'g') AS d) digits) national),
  "linkedin_key" = nullif(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    lower(regexp_replace(coalesce("linkedin", ''), '^\s+|\s+$', '', 'g')),
    '^[a-z]+://', ''), '^www\.', ''), '[?#].*$', ''), '/+$', ''), ''),
  "name_key" = CASE WHEN regexp_replace("first_name", '\s', '', 'g') <> ''
      AND regexp_replace("last_name", '\s', '', 'g') <> '' AND regexp_replace("company", '\s', '', 'g') <> ''
    THEN lower(regexp_replace(regexp_replace("first_name", '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g'))
      || '|' || lower(regexp_replace(regexp_replace("last_name", '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g'))
      || '|' || lower(regexp_replace(regexp_replace("company", '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g'))
    END;--> statement-breakpoint
-- Leads assigned before reminders existed: their quiet spell starts now, not on the day they were assigned.
UPDATE "leads" SET "assigned_at" = now() WHERE "assigned_to" IS NOT NULL;
