CREATE TABLE "crm_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"provider" text NOT NULL,
	"sent_by" integer,
	"state" text NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone,
	"record_id" text,
	"record_url" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"lead_version" timestamp with time zone,
	"crm_status" text,
	"last_stage" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "account_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "instance_url" text;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "tokens" text;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "status" text DEFAULT 'CONNECTED' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "connected_by" integer;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "last_worked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "auto_send" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "auto_send_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD COLUMN "status_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "crm_pushes" ADD CONSTRAINT "crm_pushes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_pushes" ADD CONSTRAINT "crm_pushes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_pushes" ADD CONSTRAINT "crm_pushes_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_pushes_lead_business_unique" ON "crm_pushes" USING btree ("lead_id","business_id");--> statement-breakpoint
CREATE INDEX "crm_pushes_business_sent_idx" ON "crm_pushes" USING btree ("business_id") WHERE "crm_pushes"."state" = 'SENT';--> statement-breakpoint
CREATE INDEX "crm_pushes_due_idx" ON "crm_pushes" USING btree ("next_attempt_at") WHERE "crm_pushes"."state" = 'SENDING';--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD CONSTRAINT "crm_integrations_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;