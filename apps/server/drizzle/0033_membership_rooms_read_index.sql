CREATE INDEX "chat_room_reads_user_idx" ON "chat_room_reads" USING btree ("user_id","room_id","seen_count","muted","last_read_seq");--> statement-breakpoint
-- Rooms are made with their group or business now (a list no longer makes them): every group and business
-- that has none yet gets its room, dated with it.
INSERT INTO "chat_rooms" ("kind", "group_id", "created_at")
  SELECT 'GROUP', g."id", g."created_at" FROM "groups" g
  WHERE NOT EXISTS (SELECT 1 FROM "chat_rooms" r WHERE r."kind" = 'GROUP' AND r."group_id" = g."id")
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "chat_rooms" ("kind", "business_id", "created_at")
  SELECT 'BUSINESS', b."id", b."created_at" FROM "businesses" b
  WHERE NOT EXISTS (SELECT 1 FROM "chat_rooms" r WHERE r."kind" = 'BUSINESS' AND r."business_id" = b."id")
  ON CONFLICT DO NOTHING;
