ALTER TABLE "chat_room_reads" ADD COLUMN "seen_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "visible_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_room_reads" ADD CONSTRAINT "chat_room_reads_seen_count_check" CHECK ("chat_room_reads"."seen_count" >= 0);--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_visible_count_check" CHECK ("chat_rooms"."visible_count" >= 0);--> statement-breakpoint
-- The kept counts of the messages already stored: each room's messages not deleted; each person's seen ones
-- (read up to their mark, or their own), with a row for everyone who sent one.
UPDATE "chat_rooms" r SET "visible_count" = (
  SELECT count(*) FROM "chat_messages" m WHERE m."room_id" = r."id" AND m."deleted_at" IS NULL);--> statement-breakpoint
INSERT INTO "chat_room_reads" ("room_id", "user_id")
  SELECT DISTINCT m."room_id", m."user_id" FROM "chat_messages" m WHERE m."deleted_at" IS NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "chat_room_reads" rd SET "seen_count" = (
  SELECT count(*) FROM "chat_messages" m
  WHERE m."room_id" = rd."room_id" AND m."deleted_at" IS NULL
    AND (m."seq" <= rd."last_read_seq" OR m."user_id" = rd."user_id"));
