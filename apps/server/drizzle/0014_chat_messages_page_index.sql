DROP INDEX "chat_messages_room_seq_idx";--> statement-breakpoint
CREATE INDEX "chat_messages_room_seq_idx" ON "chat_messages" USING btree ("room_id","seq","id");