CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"owner_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "list_counts_list_owner_id_pk" PRIMARY KEY("list","owner_id")
);
--> statement-breakpoint
CREATE INDEX "group_members_group_order_idx" ON "group_members" USING btree ("group_id","role","joined_at","user_id");