CREATE TYPE "public"."lead_import_duplicates" AS ENUM('SKIP', 'IMPORT');--> statement-breakpoint
CREATE TYPE "public"."lead_import_row_kind" AS ENUM('NEW', 'DUPLICATE', 'ERROR');--> statement-breakpoint
CREATE TYPE "public"."lead_import_status" AS ENUM('DRAFT', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'UNDONE');--> statement-breakpoint
CREATE TABLE "lead_import_rows" (
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"kind" "lead_import_row_kind" NOT NULL,
	"cells" jsonb NOT NULL,
	"lead" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duplicate_of_lead_id" integer,
	"duplicate_of_row" integer,
	"done" boolean DEFAULT false NOT NULL,
	"lead_id" integer,
	CONSTRAINT "lead_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "lead_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"file_name" text NOT NULL,
	"file" "bytea" NOT NULL,
	"encoding" text NOT NULL,
	"separator" text NOT NULL,
	"headers" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"mapping" jsonb,
	"status" "lead_import_status" DEFAULT 'DRAFT' NOT NULL,
	"duplicates" "lead_import_duplicates" DEFAULT 'SKIP' NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"undone_count" integer DEFAULT 0 NOT NULL,
	"kept_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_import_rows" ADD CONSTRAINT "lead_import_rows_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_import_rows" ADD CONSTRAINT "lead_import_rows_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_import_rows_kind_idx" ON "lead_import_rows" USING btree ("import_id","kind","row_number");--> statement-breakpoint
CREATE INDEX "lead_import_rows_lead_idx" ON "lead_import_rows" USING btree ("lead_id") WHERE "lead_import_rows"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "lead_imports_group_idx" ON "lead_imports" USING btree ("group_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "lead_imports_one_running" ON "lead_imports" USING btree ("group_id") WHERE "lead_imports"."status" in ('QUEUED', 'RUNNING');