import { FEED_CURSOR_MESSAGE } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../src/db/schema/index.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The feed, a group's feed and the inbox page by cursor (before_id: the last activity held) exactly as by
// offset, say whether more follow, and a group's feed takes its total from the kept count.

let t: TestApp;
let x: Awaited<ReturnType<typeof createGroupWithMembers>>;
let otherGroupId: number;
// The group's activities before the seeding (its members joining, all NEW_USER).
let joined: number;
const countInGroup = async (groupId: number) =>
  (await t.pool.query<{ n: number }>('select count(*)::int as n from activities where group_id = $1', [groupId]))
    .rows[0]!.n;
beforeAll(async () => {
  t = await createTestApp();
  x = await createGroupWithMembers(t);
  joined = await countInGroup(x.group.groupId);
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into groups (name, created_by) values ('Elsewhere', $1) returning id`,
    [x.stranger.user.id],
  );
  otherGroupId = rows[0]!.id;
  // 23 new leads of the group by the owner, two by two at the same microsecond; 4 ratings; and 5 in another group.
  await t.db.execute(sql`
    insert into activities (type, actor_user_id, group_id, data, created_at, mail_pending)
    select 'NEW_LEAD', ${x.owner.user.id}, ${x.group.groupId}, jsonb_build_object('newLead', jsonb_build_object('n', i)),
      timestamptz '2026-01-01 00:00:00.123456+00' + make_interval(secs => i / 2), false
    from generate_series(1, 23) as i`);
  await t.db.execute(sql`
    insert into activities (type, actor_user_id, group_id, data, created_at, mail_pending)
    select 'LEAD_RATED', ${x.owner.user.id}, ${x.group.groupId}, '{"leadRated":{}}',
      timestamptz '2025-12-01 00:00:00+00' + make_interval(secs => i), false
    from generate_series(1, 4) as i`);
  await t.db.execute(sql`
    insert into activities (type, actor_user_id, group_id, data, created_at, mail_pending)
    select 'NEW_LEAD', ${x.stranger.user.id}, ${otherGroupId}, '{"newLead":{}}', now(), false
    from generate_series(1, 5) as i`);
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Item = { activityId: number };
const idsOf = (items: Item[]) => items.map((a) => a.activityId);

async function global(body: Record<string, unknown>) {
  const res = await post(t, '/activity/global', { activity_types: ['NEW_LEAD'], ...body }, { token: x.member.token });
  expect(res.status).toBe(200);
  return res.body.globalActivities as { activities: Item[]; hasMore: boolean };
}

async function group(body: Record<string, unknown>) {
  const res = await post(t, '/activity/group', { group_id: x.group.groupId, ...body }, { token: x.member.token });
  expect(res.status).toBe(200);
  return res.body as { activities: Item[]; hasMore: boolean; totalCount: number };
}

async function inbox(body: Record<string, unknown>) {
  const res = await post(t, '/notification/list', body, { token: x.member.token });
  expect(res.status).toBe(200);
  return { ...res.body, activities: res.body.notifications.map((n: { activity: Item }) => n.activity) } as {
    activities: Item[];
    hasMore: boolean;
  };
}

/** Every page by cursor, from the first, as one list of ids; and the same by offset. */
async function walk(call: (body: Record<string, unknown>) => Promise<{ activities: Item[]; hasMore: boolean }>) {
  const byCursor: number[] = [];
  let page = await call({ get_next: 5 });
  byCursor.push(...idsOf(page.activities));
  while (page.hasMore) {
    page = await call({ get_next: 5, before_id: byCursor.at(-1) });
    byCursor.push(...idsOf(page.activities));
  }
  const byOffset: number[] = [];
  for (let start = 0; ; start += 5) {
    const next = await call({ get_next: 5, start_position: start });
    byOffset.push(...idsOf(next.activities));
    if (!next.hasMore) break;
  }
  return { byCursor, byOffset };
}

describe('feeds by cursor', () => {
  it('/activity/global: pages by before_id exactly as by offset, ties in time included, and ends with hasMore false', async () => {
    const { byCursor, byOffset } = await walk(global);
    expect(byCursor).toHaveLength(23);
    expect(new Set(byCursor).size).toBe(23);
    expect(byCursor).toEqual(byOffset);
    const last = await global({ get_next: 3, start_position: 20 });
    expect(last).toMatchObject({ hasMore: false });
    expect(last.activities).toHaveLength(3);
    expect((await global({ get_next: 23 })).hasMore).toBe(false);
    expect((await global({ get_next: 22 })).hasMore).toBe(true);
  });

  it('/activity/group: pages by before_id as by offset; totalCount is the group’s kept count, by type too', async () => {
    const { byCursor, byOffset } = await walk(group);
    expect(byCursor).toHaveLength(27 + joined);
    expect(byCursor).toEqual(byOffset);
    expect((await group({ get_next: 5 })).totalCount).toBe(27 + joined);
    expect((await group({ activity_types: ['LEAD_RATED'] })).totalCount).toBe(4);
    expect((await group({ activity_types: ['LEAD_RATED', 'NEW_LEAD', 'LEAD_RATED'] })).totalCount).toBe(27);
    expect((await group({ activity_types: ['NEW_USER'] })).totalCount).toBe(joined);
  });

  it('/activity/group: the kept count follows inserts, moves and deletes, and equals a recount', async () => {
    const recount = () => countInGroup(x.group.groupId);
    const [added] = await t.db
      .insert(activities)
      .values({
        type: 'NEW_USER',
        actorUserId: x.owner.user.id,
        groupId: x.group.groupId,
        data: { newUser: {} },
        createdAt: new Date(),
      })
      .returning();
    expect((await group({})).totalCount).toBe(await recount());
    expect((await group({ activity_types: ['NEW_USER'] })).totalCount).toBe(joined + 1);
    await t.pool.query('update activities set group_id = $1 where id = $2', [otherGroupId, added!.id]);
    expect((await group({})).totalCount).toBe(27 + joined);
    expect((await group({ activity_types: ['NEW_USER'] })).totalCount).toBe(joined);
    await t.pool.query('delete from activities where id = $1', [added!.id]);
    const { rows } = await t.pool.query<{ n: number }>(
      `select n from list_counts where list = 'group.activities' and owner_id = $1`,
      [otherGroupId],
    );
    expect(rows[0]?.n).toBe(await countInGroup(otherGroupId));
    expect((await group({})).totalCount).toBe(await recount());
  });

  it('/notification/list: pages by before_id exactly as by offset, with hasMore', async () => {
    const { byCursor, byOffset } = await walk(inbox);
    expect(byCursor.length).toBeGreaterThanOrEqual(23);
    expect(byCursor).toEqual(byOffset);
  });

  it('answers an empty page after an activity that is gone, or one the reader may not see (it would tell when it was)', async () => {
    expect(await global({ before_id: 2_000_000_000 })).toEqual({ activities: [], hasMore: false });
    const { rows } = await t.pool.query<{ id: number }>(
      'select id from activities where group_id = $1 order by id limit 1',
      [otherGroupId],
    );
    const unseen = rows[0]!.id;
    expect(await global({ before_id: unseen })).toEqual({ activities: [], hasMore: false });
    expect(await inbox({ before_id: unseen })).toMatchObject({ activities: [], hasMore: false });
    expect(await group({ before_id: unseen })).toMatchObject({ activities: [], hasMore: false });
  });

  it.each([
    ['/activity/global', { before_id: 5, start_position: 10 }, 'start_position'],
    ['/activity/group', { group_id: 1, before_id: 5, start_position: 10 }, 'start_position'],
    ['/notification/list', { before_id: 5, start_position: 10 }, 'start_position'],
    ['/activity/global', { before_id: -1 }, 'before_id'],
    ['/activity/global', { before_id: 1.5 }, 'before_id'],
    ['/activity/global', { get_next: 100_000 }, 'get_next'],
  ])('%s answers 400 for %j', async (path, body, field) => {
    const res = await post(t, path, body, { token: x.member.token });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    if (field === 'start_position') {
      expect(res.body.issues).toContainEqual({ path: 'start_position', message: FEED_CURSOR_MESSAGE });
    }
  });
});
