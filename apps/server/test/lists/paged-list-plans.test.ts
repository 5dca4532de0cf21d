import { PAGE_SIZE, TERRITORY_LEADS_MAX } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../billing.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { mostRowsRead, planNodesOf, selectsOf } from './plans.js';

// A paged list must cost the same on a big group as on a small one: neither its page nor its
// totalCount may read the whole group. Checked with EXPLAIN ANALYZE (rows read, never time) on every
// SELECT a call runs, on lists large enough that reading them whole shows: 20,000 leads, 1,000
// members, 1,000 groups of one user, 2,000 comments on one lead, 2,000 opportunities of one user and
// 2,000 shared with them, 2,000 contacts of one opportunity.
const LEADS = 20_000;
const MEMBERS = 1_000;
const GROUPS = 1_000;
const COMMENTS = 2_000;
const OPPORTUNITIES = 2_000;
const CONTACTS = 2_000;
// A page, its joins and the checks around it read a few rows per listed row, never the list.
const MOST_ROWS_PER_NODE = 2 * PAGE_SIZE;

let t: TestApp;
let ctx: Awaited<ReturnType<typeof createGroupWithMembers>>;
let commentedLeadId = 0;
let commentedRoomId = 0;
let contactsOpportunityId = 0;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await createGroupWithMembers(t);
  const groupId = ctx.group.groupId;
  const ownerId = ctx.owner.user.id;
  await t.db.execute(sql`
    insert into leads (group_id, created_by, first_name, last_name, title, company, street_one, city,
      state_abbrv, postal, created_at, updated_at, last_activity_at, email_key, phone_key, name_key)
    select ${groupId}, ${ownerId}, 'Lead', 'Number ' || i, 'Buyer', 'Company', '1 Main St', 'Austin', 'TX',
      '73301', now() - make_interval(secs => i), now() - make_interval(secs => i),
      -- Some leads share an activity time, so the keyset's tie-break on id is exercised.
      now() - make_interval(secs => i / 2),
      -- Every lead is a duplicate of every other by e-mail (the list's duplicate mark at its worst),
      -- and shares a phone with its neighbours; names are its own.
      'same@plans.example', lpad((i / 2)::text, 10, '0'), 'lead|number ' || i || '|company'
    from generate_series(1, ${LEADS}) as i`);
  await t.db.execute(sql`
    insert into chat_rooms (kind, lead_id, group_id)
    select 'LEAD', l.id, l.group_id from leads l
    where l.group_id = ${groupId} and not exists (select 1 from chat_rooms r where r.lead_id = l.id)`);
  await t.db.execute(sql`
    with u as (
      insert into users (email, first_name, last_name)
      select 'member' || i || '@plans.example', 'Member', 'Number ' || i from generate_series(1, ${MEMBERS}) as i
      returning id)
    insert into group_members (group_id, user_id, role, joined_at) select ${groupId}, id, 'MEMBER', now() from u`);
  await t.db.execute(sql`
    with g as (
      insert into groups (name, created_by) select 'Plan group ' || i, ${ownerId} from generate_series(1, ${GROUPS}) as i
      returning id),
    m as (insert into group_members (group_id, user_id, role) select id, ${ownerId}, 'OWNER' from g)
    -- Each group's room, made with it.
    insert into chat_rooms (kind, group_id) select 'GROUP', id from g`);
  const { rows } = await t.pool.query<{ id: number; room: number }>(
    'select l.id, r.id as room from leads l join chat_rooms r on r.lead_id = l.id where l.group_id = $1 limit 1',
    [groupId],
  );
  commentedLeadId = rows[0]!.id;
  await t.pool.query(
    `insert into chat_messages (room_id, user_id, message, seq, version)
      select $1, $2, 'Comment ' || i, i, i from generate_series(1, ${COMMENTS}) as i`,
    [rows[0]!.room, ownerId],
  );
  commentedRoomId = rows[0]!.room;
  await t.pool.query('update chat_rooms set last_seq = $2, last_version = $2 where id = $1', [
    commentedRoomId,
    COMMENTS,
  ]);
  await t.db.execute(sql`
    insert into opportunities (created_by, name, notes, street_one, city, state_abbrv, postal, created_at)
    select case when i % 2 = 0 then ${ownerId}::int else ${ctx.member.user.id}::int end, 'Opportunity ' || i, '', '1 Main St',
      'Austin', 'TX', '73301', now() - make_interval(secs => i / 2)
    from generate_series(1, ${2 * OPPORTUNITIES}) as i`);
  await t.db.execute(sql`
    insert into opportunity_shares (opportunity_id, user_id)
    select id, ${ownerId} from opportunities where created_by = ${ctx.member.user.id}`);
  const [first] = (
    await t.pool.query<{ id: number }>('select min(id) as id from opportunities where created_by = $1', [ownerId])
  ).rows;
  contactsOpportunityId = first!.id;
  await t.pool.query(
    `insert into opportunity_contacts (opportunity_id, created_by, first_name, last_name, title, company)
     select $1, $2, 'Contact', 'Number ' || i, 'Buyer', 'Company' from generate_series(1, ${CONTACTS}) as i`,
    [contactsOpportunityId, ownerId],
  );
  // A member of the big group in a business, covering Texas and the ZIP codes 733xx, where every lead is.
  const business = await createAdmin(t, 'Plans Co');
  await t.pool.query('update users set business_id = $1 where id = $2', [business.businessId, ctx.member.user.id]);
  await t.pool.query(
    `with t as (insert into territories (business_id, name, states, zip_prefixes) values ($1, 'Texas', '{TX}', '{733}')
       returning id)
     insert into territory_users (territory_id, user_id) select id, $2 from t`,
    [business.businessId, ctx.member.user.id],
  );
  await t.pool.query('vacuum analyze');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const leadList = (body: Record<string, unknown>) =>
  post(t, '/lead/list', { group_id: ctx.group.groupId, get_next: PAGE_SIZE, ...body }, { token: ctx.owner.token });

describe('paged lists read a page, not the whole list', () => {
  it('/lead/list: the first page and its totalCount', async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await leadList({ start_position: 0 });
      expect(res.body).toMatchObject({ totalCount: LEADS });
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/lead/list: the next and the previous page from a deep page, by cursor', async () => {
    const deep = await leadList({ start_position: 15_000 });
    const { nextCursor, previousCursor } = deep.body as { nextCursor: string; previousCursor: string };
    for (const cursor of [nextCursor, previousCursor]) {
      const most = await mostRowsRead(t, () => leadList({ start_position: 15_000, cursor }));
      expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
    }
  });

  it("/lead/list: every row's duplicate mark is an index probe, also on a page of leads that all match", async () => {
    const deep = await leadList({ start_position: 15_000 });
    const most = await mostRowsRead(t, async () => {
      const res = await leadList({ start_position: 15_050, cursor: deep.body.nextCursor });
      expect(res.body.leads).toHaveLength(PAGE_SIZE);
      const marked = res.body.leads.filter((l: { duplicateOfLeadId: number | null }) => l.duplicateOfLeadId !== null);
      expect(marked).toHaveLength(PAGE_SIZE);
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/lead/duplicates: a key shared by 20,000 leads reads the first few of them', async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await post(
        t,
        '/lead/duplicates',
        { group_id: ctx.group.groupId, email: 'SAME@plans.example', phone: '0000000100' },
        { token: ctx.member.token },
      );
      expect(res.body.duplicates).toHaveLength(10);
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/user/get_users_by_group: the first page of 1,000 members and its totalCount', async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await post(
        t,
        '/user/get_users_by_group',
        { group_id: ctx.group.groupId },
        { token: ctx.owner.token },
      );
      expect(res.body).toMatchObject({ totalCount: MEMBERS + 2 });
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/group/list: the first page of 1,000 groups, their counts and totalCount', async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await post(t, '/group/list', {}, { token: ctx.owner.token });
      expect(res.body).toMatchObject({ totalCount: GROUPS + 1 });
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/opportunity/list: the first page of 2,000 own and 2,000 shared opportunities and its totalCount', async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await post(t, '/opportunity/list', { get_next: PAGE_SIZE }, { token: ctx.owner.token });
      expect(res.body).toMatchObject({ totalCount: 2 * OPPORTUNITIES });
      expect(res.body.opportunities).toHaveLength(PAGE_SIZE);
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/opportunity/contact/list: the first page of 2,000 contacts and its totalCount', async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await post(
        t,
        '/opportunity/contact/list',
        { opportunity_id: contactsOpportunityId, get_next: PAGE_SIZE },
        { token: ctx.owner.token },
      );
      expect(res.body).toMatchObject({ totalCount: CONTACTS });
      expect(res.body.contacts).toHaveLength(PAGE_SIZE);
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/territory/mine: the newest leads of 20,000 inside the territory, not all of them', async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await post(t, '/territory/mine', {}, { token: ctx.member.token });
      expect(res.body.leads).toHaveLength(TERRITORY_LEADS_MAX);
    });
    // Its answer is up to TERRITORY_LEADS_MAX leads: read by state and by ZIP prefix, each at most that.
    expect(most.rows, most.where).toBeLessThanOrEqual(2 * TERRITORY_LEADS_MAX);
  });

  // The room list sorts the caller's rooms by activity, so it reads them (1,001 GROUP rooms here) and never
  // the big tables whole (21,001 rooms, 20,000 leads, 2,001 memberships, 1,002 users, 2,000 comments); each
  // room's name (its group, through the groups' public face) is a probe per room, and the page costs the
  // same few statements whatever its size. (A table of three rows, the businesses, the planner may scan.)
  it("/chat/room/list: a page of 1,001 group rooms reads the caller's rooms, not the big tables, in a few statements", async () => {
    const roomList = () =>
      post(t, '/chat/room/list', { grouping_level: 'GROUP', limit: PAGE_SIZE }, { token: ctx.owner.token });
    const statements = await selectsOf(t, async () => {
      const res = await roomList();
      expect(res.body).toMatchObject({ totalCount: GROUPS + 1 });
      expect(res.body.rooms).toHaveLength(PAGE_SIZE);
    });
    expect(statements.length).toBeLessThanOrEqual(6);
    const big = ['chat_rooms', 'leads', 'group_members', 'users', 'chat_messages'];
    for (const node of await planNodesOf(t, roomList)) {
      if (big.includes(node.relation ?? '')) expect(node.rows, node.where).toBeLessThanOrEqual(GROUPS + 1 + PAGE_SIZE);
    }
  });

  // The page is chosen from the rooms' ids and activity alone; names, read marks and other people are read
  // for the page's rooms only, and the total rides on the page (no second count of the rooms).
  it('/chat/room/list: of 1,001 group rooms, only the page is named, read-marked and counted in one pass', async () => {
    const roomList = (offset: number) =>
      post(t, '/chat/room/list', { grouping_level: 'GROUP', limit: PAGE_SIZE, offset }, { token: ctx.owner.token });
    await roomList(0);
    const decorated = ['groups', 'chat_room_reads', 'businesses', 'opportunities'];
    const statements = await selectsOf(t, async () => {
      const res = await roomList(PAGE_SIZE);
      expect(res.body).toMatchObject({ totalCount: GROUPS + 1 });
      expect(res.body.rooms).toHaveLength(PAGE_SIZE);
    });
    expect(statements.filter((s) => /count\(\*\)/i.test(s.text))).toHaveLength(1);
    for (const node of await planNodesOf(t, () => roomList(PAGE_SIZE))) {
      if (decorated.includes(node.relation ?? '')) expect(node.rows, node.where).toBeLessThanOrEqual(PAGE_SIZE);
    }
    // A page past the end is empty and still tells how many rooms there are.
    const past = await roomList(GROUPS + 1);
    expect(past.body).toMatchObject({ rooms: [], totalCount: GROUPS + 1 });
  });

  // Rooms are made with their group or business, so reading them writes nothing (no room made per read).
  it('/chat/room/list and /chat/unread/total write nothing, and the total reads no big table whole', async () => {
    const calls = async () => {
      const list = await post(t, '/chat/room/list', { grouping_level: 'GROUP' }, { token: ctx.owner.token });
      expect(list.body).toMatchObject({ totalCount: GROUPS + 1 });
      const total = await post(t, '/chat/unread/total', {}, { token: ctx.owner.token });
      expect(total.status).toBe(200);
    };
    const sent: string[] = [];
    const pool = t.pool as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query;
    pool.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      sent.push(typeof first === 'string' ? first : (first as { text: string }).text);
      return query.apply(this, args);
    };
    try {
      await calls();
    } finally {
      pool.query = query;
    }
    expect(sent.filter((text) => /\b(insert|update|delete)\b/i.test(text))).toEqual([]);
    const total = () => post(t, '/chat/unread/total', {}, { token: ctx.owner.token });
    const big = ['chat_rooms', 'leads', 'group_members', 'users', 'chat_messages', 'chat_room_reads'];
    for (const node of await planNodesOf(t, total)) {
      if (big.includes(node.relation ?? '')) expect(node.rows, node.where).toBeLessThanOrEqual(GROUPS + 1 + PAGE_SIZE);
    }
  });

  it('/chat/lead/list: the first page of 2,000 comments and its totalCount', async () => {
    const most = await mostRowsRead(t, async () => {
      const res = await post(t, '/chat/lead/list', { id: commentedLeadId }, { token: ctx.owner.token });
      expect(res.body).toMatchObject({ totalCount: COMMENTS });
    });
    expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/chat/lead/list and /chat/message/list: a page before or after a seq deep in 2,000 comments reads a page', async () => {
    const calls = [
      () => post(t, '/chat/lead/list', { id: commentedLeadId, before_seq: 1_000 }, { token: ctx.owner.token }),
      () => post(t, '/chat/message/list', { room_id: commentedRoomId, before_seq: 1_000 }, { token: ctx.owner.token }),
      () => post(t, '/chat/message/list', { room_id: commentedRoomId, after_seq: 1_000 }, { token: ctx.owner.token }),
    ];
    for (const call of calls) {
      const most = await mostRowsRead(t, async () => {
        const res = await call();
        expect(res.body).toMatchObject({ totalCount: COMMENTS, hasMore: true });
        expect(res.body.messages).toHaveLength(PAGE_SIZE);
      });
      expect(most.rows, most.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
    }
  });

  // Last, as it adds messages to the group's room: each listed room's last message is one probe of its
  // (room, seq) index, never a read of the room's messages.
  it('/chat/room/list: a room of 2,000 messages on the page costs one probe for its last message', async () => {
    const { rows } = await t.pool.query<{ id: number }>(
      "select id from chat_rooms where kind = 'GROUP' and group_id = $1",
      [ctx.group.groupId],
    );
    const roomId = rows[0]!.id;
    await t.pool.query(
      `insert into chat_messages (room_id, user_id, message, seq, version)
        select $1, $2, 'Message ' || i, i, i from generate_series(1, ${COMMENTS}) as i`,
      [roomId, ctx.owner.user.id],
    );
    await t.pool.query(
      'update chat_rooms set last_seq = $2, last_version = $2, last_message_at = now() where id = $1',
      [roomId, COMMENTS],
    );
    await t.pool.query('analyze chat_messages');
    const nodes = await planNodesOf(t, async () => {
      const res = await post(t, '/chat/room/list', { grouping_level: 'GROUP', limit: 10 }, { token: ctx.owner.token });
      const room = res.body.rooms.find((r: { roomId: number }) => r.roomId === roomId);
      expect(room.lastMessage).toMatchObject({ message: `Message ${COMMENTS}` });
    });
    const messagesRead = nodes.filter((node) => node.relation === 'chat_messages');
    expect(messagesRead.length).toBeGreaterThan(0);
    for (const node of messagesRead) expect(node.rows, node.where).toBeLessThanOrEqual(10);
  });
});
