CREATE TABLE "activity_recipients" (
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_recipients_user_id_activity_id_pk" PRIMARY KEY("user_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "activity_recipients" ADD CONSTRAINT "activity_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_recipients" ADD CONSTRAINT "activity_recipients_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_recipients_user_created_idx" ON "activity_recipients" USING btree ("user_id","created_at" DESC NULLS LAST,"activity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_opportunity_created_idx" ON "activities" USING btree ("opportunity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activities"."opportunity_id" is not null;--> statement-breakpoint
CREATE INDEX "activities_own_created_idx" ON "activities" USING btree ("actor_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activities"."group_id" is null and "activities"."opportunity_id" is null;--> statement-breakpoint
CREATE INDEX "activities_business_created_idx" ON "activities" USING btree (("data"->>'businessId'),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "activities"."group_id" is null and "activities"."opportunity_id" is null;--> statement-breakpoint
-- Hand-written: the recipients of the activities already there.
INSERT INTO "activity_recipients" ("user_id", "activity_id", "created_at")
SELECT DISTINCT r.user_id, a.id, a.created_at
FROM "activities" a
CROSS JOIN LATERAL (SELECT (e.value)::int AS user_id
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.data->'recipientUserIds') = 'array'
    THEN a.data->'recipientUserIds' ELSE '[]'::jsonb END) e
  WHERE jsonb_typeof(e.value) = 'number') r
WHERE EXISTS (SELECT 1 FROM "users" u WHERE u.id = r.user_id);
