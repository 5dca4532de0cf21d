CREATE TABLE "chat_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room_reads" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_seq" integer DEFAULT 0 NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_reads_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_message_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "opportunity_id" integer;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "direct_user_low" integer;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "direct_user_high" integer;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "last_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "last_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_reads" ADD CONSTRAINT "chat_room_reads_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_reads" ADD CONSTRAINT "chat_room_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_attachments_message_unique" ON "chat_attachments" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_direct_user_low_users_id_fk" FOREIGN KEY ("direct_user_low") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_direct_user_high_users_id_fk" FOREIGN KEY ("direct_user_high") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_room_seq_idx" ON "chat_messages" USING btree ("room_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_room_version_idx" ON "chat_messages" USING btree ("room_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id_unique" ON "chat_messages" USING btree ("room_id","user_id","client_message_id") WHERE "chat_messages"."client_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_group_unique" ON "chat_rooms" USING btree ("group_id") WHERE "chat_rooms"."kind" = 'GROUP';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_business_unique" ON "chat_rooms" USING btree ("business_id") WHERE "chat_rooms"."kind" = 'BUSINESS';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_opportunity_unique" ON "chat_rooms" USING btree ("opportunity_id") WHERE "chat_rooms"."kind" = 'OPPORTUNITY';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_direct_unique" ON "chat_rooms" USING btree ("direct_user_low","direct_user_high") WHERE "chat_rooms"."kind" = 'DIRECT';--> statement-breakpoint
CREATE INDEX "chat_rooms_direct_high_idx" ON "chat_rooms" USING btree ("direct_user_high") WHERE "chat_rooms"."kind" = 'DIRECT';