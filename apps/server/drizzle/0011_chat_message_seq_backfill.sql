-- Hand-written data move (not generated): number the lead comments stored before chat rooms had a
-- per-room sequence, and set each room's counters and last activity to match.
UPDATE "chat_messages" AS m
SET "seq" = n.rn, "version" = n.rn
FROM (SELECT "id", row_number() OVER (PARTITION BY "room_id" ORDER BY "id") AS rn FROM "chat_messages") AS n
WHERE m."id" = n."id";
--> statement-breakpoint
UPDATE "chat_rooms" AS r
SET "last_seq" = s.max_seq, "last_version" = s.max_seq, "last_message_at" = s.last_at
FROM (SELECT "room_id", max("seq") AS max_seq, max("created_at") AS last_at FROM "chat_messages" GROUP BY "room_id") AS s
WHERE r."id" = s."room_id";
