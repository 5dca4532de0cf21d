CREATE TYPE "public"."business_user_state" AS ENUM('INVITED', 'INACTIVE', 'ACCEPTED');--> statement-breakpoint
CREATE TABLE "business_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" "user_role" NOT NULL,
	"state" "business_user_state" NOT NULL,
	"user_id" integer,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"invited_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_integrations" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territories" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"states" text[] DEFAULT '{}' NOT NULL,
	"zip_prefixes" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_users" (
	"territory_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "territory_users_territory_id_user_id_pk" PRIMARY KEY("territory_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "business_users" ADD CONSTRAINT "business_users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_users" ADD CONSTRAINT "business_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_users" ADD CONSTRAINT "business_users_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD CONSTRAINT "crm_integrations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territories" ADD CONSTRAINT "territories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_users" ADD CONSTRAINT "territory_users_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_users" ADD CONSTRAINT "territory_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_users_business_email_unique" ON "business_users" USING btree ("business_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "business_users_token_unique" ON "business_users" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "business_users_business_state_idx" ON "business_users" USING btree ("business_id","state");--> statement-breakpoint
CREATE INDEX "business_users_user_idx" ON "business_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "territories_business_name_unique" ON "territories" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "territory_users_user_idx" ON "territory_users" USING btree ("user_id");