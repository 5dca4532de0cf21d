import type { ChatMessage } from '@leadcircle/shared';

/** The newest message to read out in an open room, if any: one from someone else, newer than `seenId`. */
export function messageToAnnounce(
  messages: readonly ChatMessage[],
  seenId: number,
  userId: number | null,
): ChatMessage | null {
  const last = messages.at(-1);
  if (!last || last.messageId <= seenId) return null;
  if (last.user.userId === userId || last.deleted) return null;
  return last;
}

/** What a screen reader says of a new message: who wrote it and what. */
export function announcementOf(message: ChatMessage): string {
  const name = `${message.user.firstName} ${message.user.lastName}`.trim();
  if (message.message !== '') return `${name}: ${message.message}`;
  return `${name} sent a file: ${message.attachment?.fileName ?? ''}`.trim();
}
