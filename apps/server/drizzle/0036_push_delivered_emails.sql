ALTER TABLE "push_deliveries" ALTER COLUMN "activity_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD COLUMN "pushed_at" timestamp with time zone;