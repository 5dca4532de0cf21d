-- Contact comments become a chat room of kind CONTACT (one per contact, made with it), their comments its
-- messages. A new enum value cannot be used in the transaction that adds it (the migrator runs every pending
-- migration in one), so the kind's type is made anew: renamed, created with CONTACT, the column moved onto it
-- (with the view and the partial indexes that name a kind), and the old type dropped.
DROP VIEW "public"."public_chat_rooms";--> statement-breakpoint
DROP INDEX "chat_rooms_group_unique";--> statement-breakpoint
DROP INDEX "chat_rooms_business_unique";--> statement-breakpoint
DROP INDEX "chat_rooms_opportunity_unique";--> statement-breakpoint
DROP INDEX "chat_rooms_direct_unique";--> statement-breakpoint
DROP INDEX "chat_rooms_direct_high_idx";--> statement-breakpoint
ALTER TYPE "public"."chat_room_kind" RENAME TO "chat_room_kind_old";--> statement-breakpoint
CREATE TYPE "public"."chat_room_kind" AS ENUM('LEAD', 'GROUP', 'OPPORTUNITY', 'DIRECT', 'BUSINESS', 'CONTACT');--> statement-breakpoint
ALTER TABLE "chat_rooms" ALTER COLUMN "kind" SET DATA TYPE "public"."chat_room_kind" USING "kind"::text::"public"."chat_room_kind";--> statement-breakpoint
DROP TYPE "public"."chat_room_kind_old";--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_group_unique" ON "chat_rooms" USING btree ("group_id") WHERE "chat_rooms"."kind" = 'GROUP';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_business_unique" ON "chat_rooms" USING btree ("business_id") WHERE "chat_rooms"."kind" = 'BUSINESS';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_opportunity_unique" ON "chat_rooms" USING btree ("opportunity_id") WHERE "chat_rooms"."kind" = 'OPPORTUNITY';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_direct_unique" ON "chat_rooms" USING btree ("direct_user_low","direct_user_high") WHERE "chat_rooms"."kind" = 'DIRECT';--> statement-breakpoint
CREATE INDEX "chat_rooms_direct_high_idx" ON "chat_rooms" USING btree ("direct_user_high") WHERE "chat_rooms"."kind" = 'DIRECT';--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "contact_id" integer;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_contact_id_opportunity_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."opportunity_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_contact_unique" ON "chat_rooms" USING btree ("contact_id") WHERE "chat_rooms"."kind" = 'CONTACT';--> statement-breakpoint
CREATE VIEW "public"."public_chat_rooms" AS (select "id", "kind", "lead_id", "group_id", "business_id", "opportunity_id", "contact_id" from "chat_rooms");--> statement-breakpoint
-- Every contact gets its room; each comment becomes a message of it, with its author, text and time, in the
-- order it was written (seq and version 1, 2, 3 … per room).
INSERT INTO "chat_rooms" ("kind", "contact_id", "opportunity_id", "created_at")
  SELECT 'CONTACT', c."id", c."opportunity_id", c."created_at" FROM "opportunity_contacts" c ORDER BY c."id";--> statement-breakpoint
INSERT INTO "chat_messages" ("room_id", "user_id", "message", "seq", "version", "created_at")
  SELECT r."id", m."user_id", m."message",
    row_number() OVER (PARTITION BY m."contact_id" ORDER BY m."id"),
    row_number() OVER (PARTITION BY m."contact_id" ORDER BY m."id"),
    m."created_at"
  FROM "opportunity_contact_comments" m
  JOIN "chat_rooms" r ON r."kind" = 'CONTACT' AND r."contact_id" = m."contact_id"
  ORDER BY m."id";--> statement-breakpoint
UPDATE "chat_rooms" r SET "last_seq" = s.n, "last_version" = s.n, "last_message_at" = s.at
  FROM (SELECT m."room_id", max(m."seq") AS n, max(m."created_at") AS at FROM "chat_messages" m
    JOIN "chat_rooms" c ON c."id" = m."room_id" AND c."kind" = 'CONTACT' GROUP BY m."room_id") s
  WHERE r."kind" = 'CONTACT' AND r."id" = s."room_id";--> statement-breakpoint
DROP TABLE "opportunity_contact_comments";
