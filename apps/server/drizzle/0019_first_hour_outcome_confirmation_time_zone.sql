ALTER TABLE "lead_outcome_steps" ADD COLUMN "reported_by_submitter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_outcome_steps" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "lead_outcome_steps" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "outcome_unconfirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_outcome_steps" ADD CONSTRAINT "lead_outcome_steps_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;