import { CHAT_ROOM_LIST_KINDS, type ChatRoomKind } from '@leadcircle/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { readListCount } from '../../db/list-counts.js';
import { chatAttachments, chatMessages, chatRoomReads, chatRooms, publicUsers } from '../../db/schema/index.js';

export type ChatRoomRow = typeof chatRooms.$inferSelect;

export async function findRoom(db: DbOrTx, roomId: number): Promise<ChatRoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  return row;
}

export async function insertRoom(db: DbOrTx, values: typeof chatRooms.$inferInsert): Promise<void> {
  await db.insert(chatRooms).values(values);
}

/** Many rooms in one statement (a lead import's batch). */
export async function insertRooms(db: DbOrTx, values: (typeof chatRooms.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(chatRooms).values(values);
}

/** Of these leads, those whose room has had a message. */
export async function findLeadIdsWithMessages(db: DbOrTx, leadIds: number[]): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .select({ leadId: chatRooms.leadId })
    .from(chatRooms)
    .where(and(inArray(chatRooms.leadId, leadIds), sql`${chatRooms.lastSeq} > 0`));
  return rows.map((r) => r.leadId!);
}

/** The lead's room (its comments), made with the lead. */
export async function findLeadRoomId(db: DbOrTx, leadId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.leadId, leadId));
  return row?.id;
}

/** A contact's room (its comments), made with the contact. */
export async function findContactRoomId(db: DbOrTx, contactId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, 'CONTACT'), eq(chatRooms.contactId, contactId)));
  return row?.id;
}

// ---- who is where (the source of truth: group members, business users) ----

export async function groupIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const { rows } = await db.execute<{ group_id: number }>(
    sql`select group_id from public_group_members where user_id = ${userId}`,
  );
  return rows.map((r) => r.group_id);
}

/** The business of an active user; null for a hidden one or none. */
export async function businessIdOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ businessId: publicUsers.businessId })
    .from(publicUsers)
    .where(and(eq(publicUsers.id, userId), isNull(publicUsers.deletionRequestedAt)));
  return row?.businessId ?? null;
}

/** Whether two people share a group or a business (both visible). */
export async function shareGroupOrBusiness(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from public_group_members x join public_group_members y on y.group_id = x.group_id
      where x.user_id = ${a} and y.user_id = ${b}
    ) or exists (
      select 1 from public_users x join public_users y on y.business_id = x.business_id
      where x.id = ${a} and y.id = ${b} and x.business_id is not null
    ) as ok`);
  return rows[0]?.ok === true;
}

export async function findVisibleUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: publicUsers.id })
    .from(publicUsers)
    .where(and(eq(publicUsers.id, userId), isNull(publicUsers.deletionRequestedAt)));
  return row;
}

// ---- rooms ----

/** The BUSINESS room of a business, made when missing. */
export async function ensureBusinessRoom(db: DbOrTx, businessId: number): Promise<number> {
  await db.execute(sql`
    insert into chat_rooms (kind, business_id) values ('BUSINESS', ${businessId}) on conflict do nothing`);
  return (await findRoomIdOf(db, 'BUSINESS', businessId))!;
}

/** The room of a group, business or opportunity, when it has one. */
export async function findRoomIdOf(
  db: DbOrTx,
  kind: 'GROUP' | 'BUSINESS' | 'OPPORTUNITY',
  id: number,
): Promise<number | undefined> {
  const column = { GROUP: chatRooms.groupId, BUSINESS: chatRooms.businessId, OPPORTUNITY: chatRooms.opportunityId }[
    kind
  ];
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, kind), eq(column, id)));
  return row?.id;
}

/** A user's direct rooms, each with the other person. */
export async function directRoomsOf(db: DbOrTx, userId: number): Promise<{ roomId: number; otherId: number }[]> {
  const { rows } = await db.execute<{ room_id: number; other_id: number }>(sql`
    select id as room_id, case when direct_user_low = ${userId} then direct_user_high else direct_user_low end as other_id
    from chat_rooms where kind = 'DIRECT' and (direct_user_low = ${userId} or direct_user_high = ${userId})`);
  return rows.map((row) => ({ roomId: row.room_id, otherId: row.other_id }));
}

/** The DIRECT room of two people, made when missing; `created` tells whether this call made it. */
export async function ensureDirectRoom(db: DbOrTx, a: number, b: number) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const inserted = await db.execute<{ id: number }>(sql`
    insert into chat_rooms (kind, direct_user_low, direct_user_high) values ('DIRECT', ${low}, ${high})
    on conflict do nothing returning id`);
  if (inserted.rows[0]) return { roomId: inserted.rows[0].id, created: true };
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, 'DIRECT'), eq(chatRooms.directUserLow, low), eq(chatRooms.directUserHigh, high)));
  return { roomId: row!.id, created: false };
}

/** The rooms of one kind the user is a member of, as an SQL condition on `r`. */
export function memberRoomsCondition(userId: number, kind: ChatRoomKind, groupingId?: number): SQL {
  switch (kind) {
    case 'GROUP':
      return sql`r.kind = 'GROUP' and r.group_id in (select group_id from public_group_members where user_id = ${userId})
        ${groupingId === undefined ? sql`` : sql`and r.group_id = ${groupingId}`}`;
    // A business's room once someone else is in the business too (alone, it would be a room of one).
    case 'BUSINESS':
      return sql`r.kind = 'BUSINESS' and r.business_id = (
          select business_id from public_users where id = ${userId} and deletion_requested_at is null)
        and exists (select 1 from public_users o where o.business_id = r.business_id and o.id <> ${userId}
          and o.deletion_requested_at is null)
        ${groupingId === undefined ? sql`` : sql`and r.business_id = ${groupingId}`}`;
    case 'DIRECT':
      return sql`r.kind = 'DIRECT' and (r.direct_user_low = ${userId} or r.direct_user_high = ${userId})
        ${groupingId === undefined ? sql`` : sql`and ${groupingId} in (r.direct_user_low, r.direct_user_high)`}`;
    // The opportunities the caller owns or that are shared with them.
    case 'OPPORTUNITY':
      return sql`r.kind = 'OPPORTUNITY' and r.opportunity_id in (${opportunityIdsOf(userId)})
        ${groupingId === undefined ? sql`` : sql`and r.opportunity_id = ${groupingId}`}`;
    // Comments (a lead's, a contact's) are read where they are shown, never listed.
    case 'LEAD':
    case 'CONTACT':
      return sql`false`;
  }
}

export type RoomSummaryRow = {
  id: number;
  kind: ChatRoomKind;
  group_id: number | null;
  business_id: number | null;
  opportunity_id: number | null;
  lead_id: number | null;
  last_seq: number;
  last_version: number;
  last_activity_at: Date;
  last_read_seq: number;
  muted: boolean;
  unread: number;
  group_name: string | null;
  business_name: string | null;
  opportunity_name: string | null;
  lead_name: string | null;
  other_id: number | null;
  other_first_name: string | null;
  other_last_name: string | null;
  other_avatar_key: string | null;
  other_hidden: Date | null;
};

// A person's kept unread count in room `r` (their read row `rd`, when they have one).
const keptUnread = sql`(r.visible_count - coalesce(rd.seen_count, 0))`;

// A room with the caller's read mark, unread count (0 while muted) and the parts of its name, read now:
// what it is about (its group, business, opportunity or lead) or, for a direct room, the other person.
const summarySelect = (userId: number, page: SQL = sql``, extra: SQL = sql``) => sql`
  select r.id, r.kind, r.group_id, r.business_id, r.opportunity_id, r.lead_id, r.last_seq, r.last_version,
    coalesce(r.last_message_at, r.created_at) as last_activity_at,
    coalesce(rd.last_read_seq, 0) as last_read_seq, coalesce(rd.muted, false) as muted,
    case when coalesce(rd.muted, false) then 0 else ${keptUnread} end as unread,
    g.name as group_name, b.name as business_name, o.name as opportunity_name,
    case when l.id is null then null else l.first_name || ' ' || l.last_name end as lead_name,
    ou.id as other_id, ou.first_name as other_first_name, ou.last_name as other_last_name,
    ou.avatar_key as other_avatar_key, ou.deletion_requested_at as other_hidden${extra}
  from chat_rooms r ${page}
  left join chat_room_reads rd on rd.room_id = r.id and rd.user_id = ${userId}
  left join public_groups g on g.id = r.group_id
  left join public_businesses b on b.id = r.business_id
  left join public_opportunities o on o.id = r.opportunity_id
  left join public_leads l on l.id = r.lead_id
  left join public_users ou on r.kind = 'DIRECT'
    and ou.id = case when r.direct_user_low = ${userId} then r.direct_user_high else r.direct_user_low end`;

/**
 * One page of the caller's rooms, most recent activity first, and how many rooms they have. The page is chosen
 * from the rooms' ids and activity alone (a narrow read of the person's rooms); only its rooms are then joined
 * to their names, read marks and other people, so the cost of a page grows with the page, not the rooms.
 */
export async function listRoomSummaries(
  db: DbOrTx,
  userId: number,
  condition: SQL,
  page: { offset: number; limit: number },
): Promise<{ rows: RoomSummaryRow[]; totalCount: number }> {
  const chosen = sql`join (
      select r.id, count(*) over ()::int as total from chat_rooms r
      where ${condition}
      order by coalesce(r.last_message_at, r.created_at) desc, r.id desc
      limit ${page.limit} offset ${page.offset}) page on page.id = r.id`;
  const { rows } = await db.execute<RoomSummaryRow & { total: number }>(sql`
    ${summarySelect(userId, chosen, sql`, page.total`)}
    order by coalesce(r.last_message_at, r.created_at) desc, r.id desc`);
  // A page past the end has no row to carry the total: counted on its own then.
  const totalCount = rows[0]?.total ?? (page.offset > 0 ? await countRooms(db, condition) : 0);
  return { rows: rows.map(({ total: _, ...row }) => fixDates(row)), totalCount };
}

export async function countRooms(db: DbOrTx, condition: SQL): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from chat_rooms r where ${condition}`);
  return rows[0]?.n ?? 0;
}

export async function findRoomSummary(db: DbOrTx, userId: number, roomId: number): Promise<RoomSummaryRow | undefined> {
  const { rows } = await db.execute<RoomSummaryRow>(sql`${summarySelect(userId)} where r.id = ${roomId}`);
  return rows.map(fixDates)[0];
}

function fixDates(row: RoomSummaryRow): RoomSummaryRow {
  return {
    ...row,
    last_activity_at: new Date(row.last_activity_at),
    other_hidden: row.other_hidden === null ? null : new Date(row.other_hidden),
  };
}

/** Unread messages per kind over the caller's rooms (not muted, lead rooms left out), in one statement. */
export async function unreadByKind(db: DbOrTx, userId: number): Promise<Map<ChatRoomKind, number>> {
  const perKind = CHAT_ROOM_LIST_KINDS.map(
    (kind) => sql`
      select ${kind}::text as kind, coalesce(sum(${keptUnread}), 0)::int as n
      from chat_rooms r
      left join chat_room_reads rd on rd.room_id = r.id and rd.user_id = ${userId}
      where ${memberRoomsCondition(userId, kind)} and coalesce(rd.muted, false) = false`,
  );
  const { rows } = await db.execute<{ kind: ChatRoomKind; n: number }>(sql.join(perKind, sql` union all `));
  return new Map(rows.map((row) => [row.kind, row.n]));
}

export async function readStateOf(db: DbOrTx, roomId: number, userId: number) {
  const [row] = await db
    .select()
    .from(chatRoomReads)
    .where(and(eq(chatRoomReads.roomId, roomId), eq(chatRoomReads.userId, userId)));
  return { lastReadSeq: row?.lastReadSeq ?? 0, muted: row?.muted ?? false };
}

/** Counts the others' messages in the room, not deleted, after seq `after` up to `seq` (those a mark moved reads). */
const othersMessagesRead = (roomId: number, userId: number, after: SQL, seq: number) => sql`(
  select count(*)::int from chat_messages m
  where m.room_id = ${roomId} and m.seq > ${after} and m.seq <= ${seq} and m.user_id <> ${userId}
    and m.deleted_at is null)`;

/**
 * Moves the read mark forward only (an older mark from a late tab never undoes a newer one), keeping the
 * person's seen count: the messages of others newly read are added. Call inside a transaction that holds the
 * room's row (`lockRoom`, or `appendMessage`), so no send or delete in the room is half done meanwhile.
 */
export async function markRead(db: DbOrTx, roomId: number, userId: number, seq: number, now: Date): Promise<void> {
  const newlyRead = (after: SQL) => othersMessagesRead(roomId, userId, after, seq);
  for (;;) {
    const updated = await db.execute(sql`
      update chat_room_reads
      set seen_count = seen_count + ${newlyRead(sql`chat_room_reads.last_read_seq`)},
        last_read_seq = greatest(last_read_seq, ${seq}), updated_at = ${now}
      where room_id = ${roomId} and user_id = ${userId}`);
    if ((updated.rowCount ?? 0) > 0) return;
    // No row yet: nothing read and nothing sent (a send makes the row), so the others' messages up to seq.
    const inserted = await db.execute(sql`
      insert into chat_room_reads (room_id, user_id, last_read_seq, seen_count, updated_at)
      values (${roomId}, ${userId}, ${seq}, ${newlyRead(sql`0`)}, ${now})
      on conflict (room_id, user_id) do nothing`);
    if ((inserted.rowCount ?? 0) > 0) return;
  }
}

/** Holds the room's row until the transaction ends: sends, edits and deletes in it wait (reads do not). */
export async function lockRoom(db: DbOrTx, roomId: number): Promise<void> {
  await db.execute(sql`select 1 from chat_rooms where id = ${roomId} for share`);
}

/**
 * A send reads the room up to the sender's new message (seq), which counts as seen by them: their read mark
 * moves to it and their seen count takes the message and the others' messages newly read (one statement).
 */
export async function readThroughOwnMessage(
  db: DbOrTx,
  roomId: number,
  userId: number,
  seq: number,
  now: Date,
): Promise<void> {
  const othersRead = (after: SQL) => othersMessagesRead(roomId, userId, after, seq);
  await db.execute(sql`
    insert into chat_room_reads (room_id, user_id, last_read_seq, seen_count, updated_at)
    values (${roomId}, ${userId}, ${seq}, 1 + ${othersRead(sql`0`)}, ${now})
    on conflict (room_id, user_id) do update
    set seen_count = chat_room_reads.seen_count + 1 + ${othersRead(sql`chat_room_reads.last_read_seq`)},
      last_read_seq = greatest(chat_room_reads.last_read_seq, ${seq}), updated_at = ${now}`);
}

/** A message left the room's visible ones (deleted): the room and those who had seen it count one less. */
export async function uncountMessage(db: DbOrTx, roomId: number, seq: number, authorId: number): Promise<void> {
  await db.execute(sql`update chat_rooms set visible_count = visible_count - 1 where id = ${roomId}`);
  await db.execute(sql`
    update chat_room_reads set seen_count = seen_count - 1
    where room_id = ${roomId} and (last_read_seq >= ${seq} or user_id = ${authorId})`);
}

export async function setMuted(db: DbOrTx, roomId: number, userId: number, muted: boolean, now: Date): Promise<void> {
  await db
    .insert(chatRoomReads)
    .values({ roomId, userId, muted, updatedAt: now })
    .onConflictDoUpdate({ target: [chatRoomReads.roomId, chatRoomReads.userId], set: { muted, updatedAt: now } });
}

/** Of the chat messages, those the person has not read, in rooms they have not muted, not deleted: id → text. */
export async function unreadMessageTexts(
  tx: DbOrTx,
  userId: number,
  messageIds: number[],
): Promise<Map<number, string>> {
  if (messageIds.length === 0) return new Map();
  const rows = await tx.execute(sql`
    SELECT m.id, m.message FROM chat_messages m
    LEFT JOIN chat_room_reads r ON r.room_id = m.room_id AND r.user_id = ${userId}
    WHERE m.id IN (${sql.join(
      messageIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND m.deleted_at IS NULL AND coalesce(r.last_read_seq, 0) < m.seq AND NOT coalesce(r.muted, false)`);
  type Row = { id: number; message: string | null };
  return new Map(rowsOf<Row>(rows).map((r) => [Number(r.id), r.message ?? '']));
}

/** A person's kept unread count in a room (muted or not). */
export async function countUnread(db: DbOrTx, roomId: number, userId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select ${keptUnread} as n from chat_rooms r
    left join chat_room_reads rd on rd.room_id = r.id and rd.user_id = ${userId}
    where r.id = ${roomId}`);
  return rows[0]?.n ?? 0;
}

// ---- messages ----

/**
 * Stores a message at the room's next seq and version, counting it among the room's visible ones (one
 * statement). The room's row stays locked until the transaction ends, which orders concurrent sends in a room.
 */
export async function appendMessage(
  db: DbOrTx,
  values: { roomId: number; userId: number; message: string; createdAt: Date; clientMessageId: string | null },
): Promise<{ id: number; seq: number; version: number }> {
  const { roomId, userId, message, createdAt, clientMessageId } = values;
  const { rows } = await db.execute<{ id: number; seq: number; version: number }>(sql`
    with room as (
      update chat_rooms set last_seq = last_seq + 1, last_version = last_version + 1, last_message_at = ${createdAt},
        visible_count = visible_count + 1
      where id = ${roomId} returning last_seq, last_version)
    insert into chat_messages (room_id, user_id, message, created_at, seq, version, client_message_id)
    select ${roomId}, ${userId}, ${message}, ${createdAt}, last_seq, last_version, ${clientMessageId} from room
    returning id, seq, version`);
  return rows[0]!;
}

/** Takes the room's next version only (an edit or a delete). */
export async function nextVersion(db: DbOrTx, roomId: number): Promise<number> {
  const { rows } = await db.execute<{ last_version: number }>(sql`
    update chat_rooms set last_version = last_version + 1 where id = ${roomId} returning last_version`);
  return rows[0]!.last_version;
}

export async function insertAttachment(db: DbOrTx, values: typeof chatAttachments.$inferInsert): Promise<void> {
  await db.insert(chatAttachments).values(values);
}

export async function findAttachment(db: DbOrTx, attachmentId: number) {
  const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.id, attachmentId));
  return row;
}

export async function deleteAttachmentOfMessage(db: DbOrTx, messageId: number) {
  const rows = await db
    .delete(chatAttachments)
    .where(eq(chatAttachments.messageId, messageId))
    .returning({ storageKey: chatAttachments.storageKey });
  return rows[0]?.storageKey;
}

/** Changes a message that is not deleted; false when it is (a delete got there first). */
export async function updateMessage(
  db: DbOrTx,
  messageId: number,
  values: { message: string; version: number; editedAt?: Date; deletedAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set(values)
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** A message's own row (no author) for checks. */
export async function findMessageRow(db: DbOrTx, messageId: number) {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
  return row;
}

export async function findByClientId(db: DbOrTx, roomId: number, userId: number, clientMessageId: string) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        eq(chatMessages.userId, userId),
        eq(chatMessages.clientMessageId, clientMessageId),
      ),
    );
  return row?.id;
}

/** A message with its author and file, as one row. */
export interface MessageRow {
  messageId: number;
  roomId: number;
  seq: number;
  version: number;
  message: string;
  clientMessageId: string | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  userId: number;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
  authorHidden: Date | null;
  attachmentId: number | null;
  fileName: string | null;
  contentType: string | null;
  size: number | null;
}

const messageColumns = {
  messageId: chatMessages.id,
  roomId: chatMessages.roomId,
  seq: chatMessages.seq,
  version: chatMessages.version,
  message: chatMessages.message,
  clientMessageId: chatMessages.clientMessageId,
  createdAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
  userId: publicUsers.id,
  firstName: publicUsers.firstName,
  lastName: publicUsers.lastName,
  avatarKey: publicUsers.avatarKey,
  authorHidden: publicUsers.deletionRequestedAt,
  attachmentId: chatAttachments.id,
  fileName: chatAttachments.fileName,
  contentType: chatAttachments.contentType,
  size: chatAttachments.size,
};

function selectMessages(db: DbOrTx) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(publicUsers, eq(publicUsers.id, chatMessages.userId))
    .leftJoin(chatAttachments, eq(chatAttachments.messageId, chatMessages.id));
}

/** One page of a room's messages, newest first. */
export async function listMessages(
  db: DbOrTx,
  roomId: number,
  page: { offset: number; limit: number },
): Promise<MessageRow[]> {
  return selectMessages(db)
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(sql`${chatMessages.seq} desc, ${chatMessages.id} desc`)
    .offset(page.offset)
    .limit(page.limit);
}

/** Where a page of messages sits: by offset from the newest, or next to a seq (through the room's seq index). */
export type MessagePage =
  | { offset: number; limit: number }
  | { beforeSeq: number; limit: number }
  | { afterSeq: number; limit: number };

/** One page of a room's messages next to a seq, newest first: the `limit` just older, or just newer. */
export async function listMessagesBySeq(db: DbOrTx, roomId: number, page: MessagePage): Promise<MessageRow[]> {
  if ('offset' in page) return listMessages(db, roomId, page);
  if ('beforeSeq' in page) {
    return selectMessages(db)
      .where(and(eq(chatMessages.roomId, roomId), sql`${chatMessages.seq} < ${page.beforeSeq}`))
      .orderBy(sql`${chatMessages.seq} desc, ${chatMessages.id} desc`)
      .limit(page.limit);
  }
  const rows = await selectMessages(db)
    .where(and(eq(chatMessages.roomId, roomId), sql`${chatMessages.seq} > ${page.afterSeq}`))
    .orderBy(sql`${chatMessages.seq} asc, ${chatMessages.id} asc`)
    .limit(page.limit);
  return rows.reverse();
}

/** Every message changed after a version (new, edited, deleted), oldest change first. */
export async function listMessagesSince(
  db: DbOrTx,
  roomId: number,
  sinceVersion: number,
  limit: number,
): Promise<MessageRow[]> {
  return selectMessages(db)
    .where(and(eq(chatMessages.roomId, roomId), sql`${chatMessages.version} > ${sinceVersion}`))
    .orderBy(chatMessages.version)
    .limit(limit);
}

export async function findMessage(db: DbOrTx, messageId: number): Promise<MessageRow | undefined> {
  const [row] = await selectMessages(db).where(eq(chatMessages.id, messageId));
  return row;
}

/** The last message of each room. */
/** Each room's last message, by the room's last seq: one probe of the (room, seq) index per room. */
export async function lastMessages(db: DbOrTx, rooms: { roomId: number; lastSeq: number }[]): Promise<MessageRow[]> {
  const probes = rooms
    .filter((room) => room.lastSeq > 0)
    .map((room) => and(eq(chatMessages.roomId, room.roomId), eq(chatMessages.seq, room.lastSeq)));
  if (probes.length === 0) return [];
  return selectMessages(db).where(or(...probes));
}

export async function countMessages(db: DbOrTx, roomId: number): Promise<number> {
  return readListCount(db, 'room.messages', roomId);
}

// ---- people ----

export type PersonRow = {
  id: number;
  first_name: string;
  last_name: string;
  avatar_key: string | null;
};

/** Visible people who share a group or the business with the caller (or only those of one group / business). */
export async function searchPeople(
  db: DbOrTx,
  userId: number,
  scope: { type: 'ALL' | 'GROUP' | 'BUSINESS'; id?: number },
  prefix: string,
  limit: number,
): Promise<PersonRow[]> {
  const like = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  const groupPeople = sql`select y.user_id from public_group_members x join public_group_members y on y.group_id = x.group_id
    where x.user_id = ${userId} ${scope.id === undefined ? sql`` : sql`and x.group_id = ${scope.id}`}`;
  const businessPeople = sql`select y.id from public_users x join public_users y on y.business_id = x.business_id
    where x.id = ${userId} and x.business_id is not null
    ${scope.id === undefined ? sql`` : sql`and x.business_id = ${scope.id}`}`;
  const pool =
    scope.type === 'GROUP'
      ? groupPeople
      : scope.type === 'BUSINESS'
        ? businessPeople
        : sql`${groupPeople} union ${businessPeople}`;
  const { rows } = await db.execute<PersonRow>(sql`
    select u.id, u.first_name, u.last_name, u.avatar_key from public_users u
    where u.id in (${pool}) and u.id <> ${userId} and u.deletion_requested_at is null
      and (u.first_name ilike ${like} or u.last_name ilike ${like}
        or (u.first_name || ' ' || u.last_name) ilike ${like})
    order by lower(u.first_name), lower(u.last_name), u.id
    limit ${limit}`);
  return rows;
}

/** Of `ids`, the visible people the caller may see: self, co-members of a group or business, direct partners. */
export async function visiblePeople(db: DbOrTx, userId: number, ids: number[]): Promise<PersonRow[]> {
  const { rows } = await db.execute<PersonRow>(sql`
    select u.id, u.first_name, u.last_name, u.avatar_key from public_users u
    where u.id in ${ids} and u.deletion_requested_at is null and (
      u.id = ${userId}
      or u.id in (select y.user_id from public_group_members x join public_group_members y on y.group_id = x.group_id
        where x.user_id = ${userId})
      or u.business_id = (select business_id from public_users where id = ${userId})
      or exists (select 1 from chat_rooms r where r.kind = 'DIRECT'
        and ((r.direct_user_low = ${userId} and r.direct_user_high = u.id)
          or (r.direct_user_high = ${userId} and r.direct_user_low = u.id))))
    order by u.id`);
  return rows;
}

const opportunityIdsOf = (userId: number) =>
  sql`select id from public_opportunities where created_by = ${userId}
    union select opportunity_id from public_opportunity_shares where user_id = ${userId}`;

/** The chat rooms of the opportunities a user owns or that are shared with them. */
export async function opportunityRoomIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from chat_rooms where kind = 'OPPORTUNITY' and opportunity_id in (${opportunityIdsOf(userId)})`,
  );
  return rows.map((row) => row.id);
}
