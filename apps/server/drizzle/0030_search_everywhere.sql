CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
-- unaccent() is STABLE; an index needs an IMMUTABLE wrapper with the dictionary named.
CREATE OR REPLACE FUNCTION lc_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
DROP VIEW "public"."public_chat_rooms";--> statement-breakpoint
DROP VIEW "public"."public_leads";--> statement-breakpoint
CREATE VIEW "public"."public_chat_messages" AS (select "id", "room_id", "user_id", "message", "deleted_at", "created_at" from "chat_messages");--> statement-breakpoint
CREATE VIEW "public"."public_opportunity_contacts" AS (select "id", "opportunity_id", "first_name", "last_name", "title", "company", "email" from "opportunity_contacts");--> statement-breakpoint
CREATE VIEW "public"."public_chat_rooms" AS (select "id", "kind", "lead_id", "group_id", "business_id", "opportunity_id", "contact_id", "direct_user_low", "direct_user_high" from "chat_rooms");--> statement-breakpoint
CREATE VIEW "public"."public_leads" AS (select "id", "group_id", "created_by", "first_name", "last_name", "company", "email", "city", "state_abbrv", "postal", "latitude", "longitude", "created_at" from "leads");--> statement-breakpoint
-- Search everywhere (modules/search): one folded text per searched row, trigram-indexed for word
-- prefixes (LIKE) and typos (<%). The search module's queries repeat these expressions exactly.
CREATE INDEX "leads_search_everywhere_idx" ON "leads" USING gin (lc_fold("first_name" || ' ' || "last_name" || ' ' || "company" || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "groups_search_idx" ON "groups" USING gin (lc_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin (lc_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunity_contacts_search_idx" ON "opportunity_contacts" USING gin (lc_fold("first_name" || ' ' || "last_name" || ' ' || "company" || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lc_fold("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin (lc_fold("message") gin_trgm_ops) WHERE "deleted_at" IS NULL;
