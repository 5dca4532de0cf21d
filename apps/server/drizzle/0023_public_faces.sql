CREATE VIEW "public"."public_businesses" AS (select "id", "name" from "businesses");--> statement-breakpoint
CREATE VIEW "public"."public_group_members" AS (select "group_id", "user_id", "role", "enable_email" from "group_members");--> statement-breakpoint
CREATE VIEW "public"."public_groups" AS (select "id", "name", "created_by", "follow_up_days" from "groups");--> statement-breakpoint
CREATE VIEW "public"."public_chat_rooms" AS (select "id", "kind", "lead_id", "group_id", "business_id", "opportunity_id" from "chat_rooms");--> statement-breakpoint
CREATE VIEW "public"."public_lead_ratings" AS (select "lead_id", "user_id", "kind", "rating" from "lead_ratings");--> statement-breakpoint
CREATE VIEW "public"."public_leads" AS (select "id", "group_id", "created_by", "first_name", "last_name", "company", "city", "state_abbrv", "postal", "latitude", "longitude", "created_at" from "leads");--> statement-breakpoint
CREATE VIEW "public"."public_opportunities" AS (select "id", "name", "created_by" from "opportunities");--> statement-breakpoint
CREATE VIEW "public"."public_opportunity_shares" AS (select "opportunity_id", "user_id" from "opportunity_shares");--> statement-breakpoint
CREATE VIEW "public"."public_opportunity_user_settings" AS (select "opportunity_id", "user_id", "messages_enabled" from "opportunity_user_settings");--> statement-breakpoint
CREATE VIEW "public"."public_users" AS (select "id", "email", "first_name", "last_name", "company", "title", "role", "business_id", "enable_email_notifications", "lead_emails", "time_zone", "avatar_key", "deletion_requested_at", "erased_at", "created_at" from "users");