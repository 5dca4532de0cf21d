import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { readListCount } from '../../db/list-counts.js';
import { chatMessages, chatRooms, users } from '../../db/schema/index.js';

export type ChatRoomRow = typeof chatRooms.$inferSelect;

export async function findRoom(db: DbOrTx, roomId: number): Promise<ChatRoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  return row;
}

export async function insertMessage(
  db: DbOrTx,
  values: { roomId: number; userId: number; message: string; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(chatMessages).values(values).returning({ id: chatMessages.id });
  return row!.id;
}

// A message with its author, as one row.
const messageColumns = {
  messageId: chatMessages.id,
  roomId: chatMessages.roomId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarKey: users.avatarKey,
  authorHidden: users.deletionRequestedAt,
};
export type MessageRow = {
  messageId: number;
  roomId: number;
  message: string;
  createdAt: Date;
  userId: number;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
  authorHidden: Date | null;
};

/** One page of a room's messages, newest first (through chat_messages_room_idx). */
export async function listMessages(
  db: DbOrTx,
  roomId: number,
  page: { offset: number; limit: number },
): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(desc(chatMessages.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function findMessage(db: DbOrTx, messageId: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.id, messageId));
  return row;
}

export async function countMessages(db: DbOrTx, roomId: number): Promise<number> {
  return readListCount(db, 'room.messages', roomId);
}
