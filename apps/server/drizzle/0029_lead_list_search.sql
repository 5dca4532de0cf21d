CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
-- unaccent() is STABLE; an index needs an IMMUTABLE wrapper with the dictionary named.
CREATE OR REPLACE FUNCTION lc_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- The lead list's search and sorts: the four kept columns in one ALTER, so the table is rewritten once.
ALTER TABLE "leads"
  ADD COLUMN "search_text" text GENERATED ALWAYS AS (' ' || regexp_replace(lc_fold(first_name || ' ' || last_name || ' ' || company || ' ' || title || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || city), '[^[:alnum:]]+', ' ', 'g')) STORED NOT NULL,
  ADD COLUMN "name_fold" text GENERATED ALWAYS AS (lc_fold(first_name || ' ' || last_name)) STORED NOT NULL,
  ADD COLUMN "company_fold" text GENERATED ALWAYS AS (lc_fold(company)) STORED NOT NULL,
  ADD COLUMN "rating_key" integer GENERATED ALWAYS AS (case when rating_count > 0 then rating_sum * 1000 / rating_count else 0 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_search_text_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_group_newest_idx" ON "leads" USING btree ("group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_group_name_idx" ON "leads" USING btree ("group_id","name_fold","id");--> statement-breakpoint
CREATE INDEX "leads_group_company_idx" ON "leads" USING btree ("group_id","company_fold","id");--> statement-breakpoint
CREATE INDEX "leads_group_rating_idx" ON "leads" USING btree ("group_id","rating_key" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_group_outcome_idx" ON "leads" USING btree ("group_id","outcome_stage","last_activity_at" DESC NULLS FIRST);