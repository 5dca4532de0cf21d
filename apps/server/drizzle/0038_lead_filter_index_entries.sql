-- The lead list's filter columns ride after the id in the activity and outcome indexes: a filter combination
-- is checked on index entries (Index Only Scan), never on the leads' rows.
DROP INDEX "leads_group_outcome_idx";--> statement-breakpoint
DROP INDEX "leads_group_activity_idx";--> statement-breakpoint
CREATE INDEX "leads_group_outcome_idx" ON "leads" USING btree ("group_id","outcome_stage","last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"state_abbrv","assigned_to","created_by","rating_key","created_at");--> statement-breakpoint
CREATE INDEX "leads_group_activity_idx" ON "leads" USING btree ("group_id","last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"state_abbrv","assigned_to","created_by","rating_key","created_at","outcome_stage");