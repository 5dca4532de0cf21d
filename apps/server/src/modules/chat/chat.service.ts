import type { ChatMessage } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../http/errors.js';
import { consumeRateLimits, RATE_LIMITS } from '../../http/rate-limit.js';
import { avatarUrlOf, displayName } from '../accounts/accounts.service.js';
import { findLeadRoomId, requireLeadMember, touchLead } from '../leads/leads.access.js';
import * as q from './chat.queries.js';

// Chat: a lead's comments are stored and shown to the lead's group. The chat issue adds the other room kinds and realtime delivery.
// Decisions: docs/decisions.md "Leads: ratings and comments".

const roomNotFound = () => notFound('CHAT_ROOM_NOT_FOUND');

function toChatMessage(row: q.MessageRow): ChatMessage {
  const hidden = row.authorHidden !== null;
  return {
    messageId: row.messageId,
    roomId: row.roomId,
    message: row.message,
    user: {
      userId: row.userId,
      // The message carries the name in two parts: a hidden author's is 'Deleted user' and ''.
      firstName: displayName(row.firstName, '', hidden),
      lastName: hidden ? '' : row.lastName,
      avatarUrl: hidden ? null : avatarUrlOf(row.avatarKey),
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** A lead's comments, newest first (members of its group). */
export async function listLeadMessages(
  deps: AppDeps,
  userId: number,
  input: { id: number; start_position: number; get_next: number },
): Promise<{ roomId: number; messages: ChatMessage[]; totalCount: number }> {
  await requireLeadMember(deps.db, input.id, userId);
  const roomId = await findLeadRoomId(deps.db, input.id);
  if (roomId === undefined) throw roomNotFound();
  const [rows, totalCount] = await Promise.all([
    q.listMessages(deps.db, roomId, { offset: input.start_position, limit: input.get_next }),
    q.countMessages(deps.db, roomId),
  ]);
  return { roomId, messages: rows.map(toChatMessage), totalCount };
}

/** Posts to a room; only lead rooms exist yet (members of the lead's group), and each message moves the lead up. */
export async function sendMessage(
  deps: AppDeps,
  userId: number,
  input: { room_id: number; message: string },
): Promise<ChatMessage> {
  const room = await q.findRoom(deps.db, input.room_id);
  // Other kinds of room come with the chat issue; until then they cannot be posted to.
  if (room?.kind !== 'LEAD' || room.leadId === null) throw roomNotFound();
  const leadId = room.leadId;
  await requireLeadMember(deps.db, leadId, userId);
  const now = deps.clock.now();
  await consumeRateLimits(deps.db, [{ key: `chat-message:user:${userId}`, rule: RATE_LIMITS.chatMessagePerUser }], now);
  const messageId = await deps.db.transaction(async (tx) => {
    const id = await q.insertMessage(tx, { roomId: room.id, userId, message: input.message, createdAt: now });
    await touchLead(tx, leadId, now);
    return id;
  });
  const row = await q.findMessage(deps.db, messageId);
  return toChatMessage(row!);
}
