CREATE TABLE "notification_marks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"read_up_to_activity_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "notification_reads_user_id_activity_id_pk" PRIMARY KEY("user_id","activity_id")
);
--> statement-breakpoint
ALTER TABLE "notification_marks" ADD CONSTRAINT "notification_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;