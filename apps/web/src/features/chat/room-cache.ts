import { CHAT_ROOM_LIST_KINDS, type ChatMessage, type ChatRoom, type ChatUnreadState } from '@leadcircle/shared';

// What the realtime events do to the cached room lists and unread total, without asking the server:
// a message moves its room to the top and counts as unread (not one's own, not while muted), a read or
// mute sets the room's count, a deleted unread message counts no more. The total follows each room's change.

export interface RoomPages {
  pages: { rooms: ChatRoom[]; totalCount: number }[];
}

type ListedKind = (typeof CHAT_ROOM_LIST_KINDS)[number];
/** The listed rooms count toward the total; a lead's or contact's comments never do. */
const isListed = (kind: string): kind is ListedKind => (CHAT_ROOM_LIST_KINDS as readonly string[]).includes(kind);

export interface UnreadTotal {
  total: number;
  byKind: Record<ListedKind, number>;
}

/** A room of the loaded pages, when it is there. */
export function roomIn(data: RoomPages, roomId: number): ChatRoom | undefined {
  for (const page of data.pages) {
    const room = page.rooms.find((r) => r.roomId === roomId);
    if (room) return room;
  }
  return undefined;
}

/** A new message in the room: its last message and activity; one's own reads the room up to it. */
export function roomWithMessage(room: ChatRoom, message: ChatMessage, userId: number): ChatRoom {
  // Already held (the list was fetched after it, or the event came twice).
  if (message.seq <= room.lastSeq) return room;
  const own = message.user.userId === userId;
  return {
    ...room,
    lastMessage: message,
    lastActivityAt: message.createdAt,
    lastSeq: message.seq,
    lastVersion: Math.max(room.lastVersion, message.version),
    lastReadSeq: own ? message.seq : room.lastReadSeq,
    unreadCount: own || room.muted ? 0 : room.unreadCount + 1,
  };
}

/** A message changed (edited or deleted): a deleted unread one counts no more. */
export function roomWithUpdate(room: ChatRoom, message: ChatMessage, userId: number): ChatRoom {
  const lastMessage = room.lastMessage?.messageId === message.messageId ? message : room.lastMessage;
  const wasUnread = message.deleted && !room.muted && message.user.userId !== userId && message.seq > room.lastReadSeq;
  return {
    ...room,
    lastMessage,
    lastVersion: Math.max(room.lastVersion, message.version),
    unreadCount: wasUnread ? Math.max(0, room.unreadCount - 1) : room.unreadCount,
  };
}

/** The person's read mark or mute changed (here or in another tab): the room's count as the server says. */
export function roomWithUnread(room: ChatRoom, state: ChatUnreadState): ChatRoom {
  return {
    ...room,
    unreadCount: state.unreadCount,
    muted: state.muted,
    lastReadSeq: Math.max(room.lastReadSeq, state.lastReadSeq),
  };
}

/** Puts the changed room in the pages: a room with a new message goes to the top of the first page. */
export function placeRoom(data: RoomPages, room: ChatRoom, toTop: boolean): void {
  if (!toTop) {
    for (const page of data.pages) {
      const index = page.rooms.findIndex((r) => r.roomId === room.roomId);
      if (index >= 0) page.rooms[index] = room;
    }
    return;
  }
  for (const page of data.pages) page.rooms = page.rooms.filter((r) => r.roomId !== room.roomId);
  data.pages[0]?.rooms.unshift(room);
}

/** What a room adds to the unread total: nothing while muted. */
const counted = (room: ChatRoom) => (room.muted ? 0 : room.unreadCount);

/** The total after one room went from `before` to `after`. */
export function applyToTotal(total: UnreadTotal, before: ChatRoom, after: ChatRoom): void {
  const kind = after.kind;
  if (!isListed(kind)) return;
  const change = counted(after) - counted(before);
  total.byKind[kind] = Math.max(0, total.byKind[kind] + change);
  total.total = Math.max(0, total.total + change);
}
