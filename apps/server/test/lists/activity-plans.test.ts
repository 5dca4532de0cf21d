import { INBOX_UNREAD_COUNT_MAX, PAGE_SIZE } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { mostRowsRead, planNodesOf } from './plans.js';

// The feed and the inbox find what a person may see through indexes: a page reads a page's worth, and a
// count reads what the person may see, never the rest of the table. 20,000 activities of a group the
// person is not in, 2,000 of theirs, 2,000 naming them.
const OTHERS = 20_000;
const THEIRS = 2_000;
const NAMING = 2_000;
// A page and the one row more that tells whether more follow, from at most two sources.
const MOST_ROWS_PER_NODE = 2 * (PAGE_SIZE + 1);

let t: TestApp;
let ctx: Awaited<ReturnType<typeof createGroupWithMembers>>;
// The group's activities before the seeding (its members joining).
let groupBefore: number;
// An activity naming the member (to mark read once everything is).
let firstNaming: number;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await createGroupWithMembers(t);
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into groups (name, created_by) values ('Not theirs', $1) returning id`,
    [ctx.stranger.user.id],
  );
  const otherGroupId = rows[0]!.id;
  groupBefore = (
    await t.pool.query<{ n: number }>('select count(*)::int as n from activities where group_id = $1', [
      ctx.group.groupId,
    ])
  ).rows[0]!.n;
  await t.db.execute(sql`
    insert into activities (type, actor_user_id, group_id, data, created_at, mail_pending)
    select 'NEW_LEAD', ${ctx.stranger.user.id}, ${otherGroupId}, '{"newLead":{}}', now() - make_interval(secs => i), false
    from generate_series(1, ${OTHERS}) as i`);
  await t.db.execute(sql`
    insert into activities (type, actor_user_id, group_id, data, created_at, mail_pending)
    select 'NEW_LEAD', ${ctx.owner.user.id}, ${ctx.group.groupId}, '{"newLead":{}}', now() - make_interval(secs => i), false
    from generate_series(1, ${THEIRS}) as i`);
  await t.db.execute(sql`
    insert into activities (type, actor_user_id, data, created_at, mail_pending)
    select 'CHAT_MESSAGE_USER', ${ctx.owner.user.id},
      jsonb_build_object('chatMessageUser', '{}'::jsonb, 'recipientUserIds', jsonb_build_array(${ctx.member.user.id}::int)),
      now() - make_interval(secs => i), false
    from generate_series(1, ${NAMING}) as i`);
  await t.db.execute(sql`
    insert into activity_recipients (user_id, activity_id, created_at)
    select ${ctx.member.user.id}, id, created_at from activities where type = 'CHAT_MESSAGE_USER'`);
  firstNaming = (
    await t.pool.query<{ id: number }>(
      `select min(activity_id)::int as id from activity_recipients where user_id = $1`,
      [ctx.member.user.id],
    )
  ).rows[0]!.id;
  await t.pool.query('vacuum analyze');
}, 120_000);
afterAll(async () => {
  await t.close();
});

// A page's query (the capped unread count has a LIMIT too; its own test reads it).
const isPage = (text: string) => /\blimit\b/i.test(text) && !/count\(\*\)/i.test(text);

describe('the feed and the inbox read what the person may see, a page at a time', () => {
  it('/activity/global: the first page reads a page, with no count of what the member may see', async () => {
    const call = async () => {
      const res = await post(t, '/activity/global', {}, { token: ctx.member.token });
      expect(res.body.globalActivities.activities).toHaveLength(PAGE_SIZE);
      expect(res.body.globalActivities.hasMore).toBe(true);
    };
    const all = await mostRowsRead(t, call);
    expect(all.rows, all.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/activity/global: a deep page by offset reads at most what the member may see, never the other group', async () => {
    const page = await mostRowsRead(
      t,
      () => post(t, '/activity/global', { start_position: 1_500 }, { token: ctx.member.token }),
      isPage,
    );
    expect(page.rows, page.where).toBeLessThanOrEqual(THEIRS + NAMING);
  });

  it('/activity/global: a deep page by cursor (before_id) reads a page, however deep', async () => {
    const deep = await t.pool.query<{ id: number }>(
      `select id from activities where group_id = $1 order by created_at desc, id desc offset 1500 limit 1`,
      [ctx.group.groupId],
    );
    const call = async () => {
      const res = await post(t, '/activity/global', { before_id: deep.rows[0]!.id }, { token: ctx.member.token });
      expect(res.body.globalActivities.activities).toHaveLength(PAGE_SIZE);
    };
    const all = await mostRowsRead(t, call);
    expect(all.rows, all.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/activity/group: a deep page by cursor reads a page, and its total is one kept count', async () => {
    const deep = await t.pool.query<{ id: number }>(
      `select id from activities where group_id = $1 order by created_at desc, id desc offset 1500 limit 1`,
      [ctx.group.groupId],
    );
    const call = async () => {
      const res = await post(
        t,
        '/activity/group',
        { group_id: ctx.group.groupId, before_id: deep.rows[0]!.id },
        { token: ctx.member.token },
      );
      expect(res.body.activities).toHaveLength(PAGE_SIZE);
      expect(res.body.totalCount).toBe(THEIRS + groupBefore);
    };
    const all = await mostRowsRead(t, call);
    expect(all.rows, all.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('/notification/list: the first page and a deep page by cursor read a page; the unread count only the member’s inbox', async () => {
    const first = async () => {
      const res = await post(t, '/notification/list', {}, { token: ctx.member.token });
      expect(res.body.notifications).toHaveLength(PAGE_SIZE);
      expect(res.body.hasMore).toBe(true);
      // 4,000 unread: counted up to the cap, which the bell shows as 99+.
      expect(res.body.unreadCount).toBe(INBOX_UNREAD_COUNT_MAX);
    };
    const page = await mostRowsRead(t, first, isPage);
    expect(page.rows, page.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
    const all = await mostRowsRead(t, first);
    expect(all.rows, all.where).toBeLessThan(OTHERS);
    const deep = await t.pool.query<{ activity_id: number }>(
      `select activity_id from activity_recipients where user_id = $1 order by created_at desc, activity_id desc offset 1500 limit 1`,
      [ctx.member.user.id],
    );
    const deepPage = await mostRowsRead(
      t,
      () => post(t, '/notification/list', { before_id: deep.rows[0]!.activity_id }, { token: ctx.member.token }),
      isPage,
    );
    expect(deepPage.rows, deepPage.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  it('the unread count reads about its cap while much is unread, and only what came after Mark all read', async () => {
    // Each source gives at most the cap (the group's new leads, what names the member).
    const capped = await mostRowsRead(t, () => post(t, '/notification/list', {}, { token: ctx.member.token }));
    expect(capped.rows, capped.where).toBeLessThanOrEqual(2 * (INBOX_UNREAD_COUNT_MAX + PAGE_SIZE + 1));
    expect((await post(t, '/notification/read_all', {}, { token: ctx.member.token })).body).toEqual({ unreadCount: 0 });
    const count = async () => {
      const res = await post(t, '/notification/read', { activity_id: firstNaming }, { token: ctx.member.token });
      expect(res.body).toEqual({ unreadCount: 0 });
    };
    // Everything is read: the count stops at the mark instead of reading 4,000 read items.
    const read = await mostRowsRead(t, count);
    expect(read.rows, read.where).toBeLessThanOrEqual(MOST_ROWS_PER_NODE);
  });

  // Last: it adds a chatty day to the member's group.
  it('/notification/list: a group’s chat, newer than its new leads, is never read to find them', async () => {
    await t.db.execute(sql`
      insert into activities (type, actor_user_id, group_id, data, created_at, mail_pending)
      select 'CHAT_MESSAGE_GROUP', ${ctx.owner.user.id}, ${ctx.group.groupId}, '{"chatMessageGroup":{}}',
        now() + make_interval(secs => i), false
      from generate_series(1, ${OTHERS}) as i`);
    await t.pool.query('vacuum analyze activities');
    const first = async () => {
      const res = await post(t, '/notification/list', {}, { token: ctx.member.token });
      expect(res.body.notifications).toHaveLength(PAGE_SIZE);
    };
    // Rows read, kept or dropped by a filter.
    const nodes = await planNodesOf(t, first);
    const most = nodes.reduce((a, b) => (b.rows + b.removed > a.rows + a.removed ? b : a));
    expect(most.rows + most.removed, most.where).toBeLessThanOrEqual(2 * (INBOX_UNREAD_COUNT_MAX + PAGE_SIZE + 1));
  });
});
