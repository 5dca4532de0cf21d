CREATE TABLE "notification_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"kind" text NOT NULL,
	"switch_key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"switch_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "enable_email_notifications" SET DEFAULT true;--> statement-breakpoint
-- Activities from before notification e-mail are never mailed; new ones are.
ALTER TABLE "activities" ADD COLUMN "mail_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "mail_pending" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lead_emails" text DEFAULT 'IMMEDIATE' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD CONSTRAINT "notification_emails_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_links" ADD CONSTRAINT "unsubscribe_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_emails_user_activity_unique" ON "notification_emails" USING btree ("user_id","activity_id");--> statement-breakpoint
CREATE INDEX "notification_emails_due_idx" ON "notification_emails" USING btree ("due_at") WHERE "notification_emails"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribe_links_token_unique" ON "unsubscribe_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "unsubscribe_links_user_idx" ON "unsubscribe_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activities_mail_pending_idx" ON "activities" USING btree ("id") WHERE "activities"."mail_pending";