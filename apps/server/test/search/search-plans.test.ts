import { SEARCH_KINDS, type SearchKind } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { planNodesOf } from '../lists/plans.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Search everywhere stays on its trigram indexes: every kind's query, EXPLAINed (ANALYZE: rows, never
// time) on tables large enough that a scan of the whole table would be chosen only without an index,
// finds its rows through the kind's index and reads no searched table whole.
const ROWS = 20_000;
const SMALL = 3_000;

const INDEX_OF: Record<SearchKind, { index: string; relation: string }> = {
  LEADS: { index: 'leads_search_everywhere_idx', relation: 'leads' },
  GROUPS: { index: 'groups_search_idx', relation: 'groups' },
  OPPORTUNITIES: { index: 'opportunities_search_idx', relation: 'opportunities' },
  CONTACTS: { index: 'opportunity_contacts_search_idx', relation: 'opportunity_contacts' },
  PEOPLE: { index: 'users_search_idx', relation: 'users' },
  MESSAGES: { index: 'chat_messages_search_idx', relation: 'chat_messages' },
};

let t: TestApp;
let ctx: Awaited<ReturnType<typeof createGroupWithMembers>>;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await createGroupWithMembers(t);
  const groupId = ctx.group.groupId;
  const ownerId = ctx.owner.user.id;
  const rooms = await post(
    t,
    '/chat/room/list',
    { grouping_level: 'GROUP', grouping_level_id: groupId },
    { token: ctx.owner.token },
  );
  const roomId = rooms.body.rooms[0].roomId as number;
  // Names of random letters, so each query's trigrams are rare; one row of each kind is "Quimby".
  await t.pool.query(
    `insert into leads (group_id, created_by, first_name, last_name, title, company, email, street_one, city,
       state_abbrv, postal)
     select $1::int, $2::int, 'Lead', substr(md5(i::text), 1, 9), 'Buyer', 'Co ' || substr(md5((i * 7)::text), 1, 7),
       substr(md5((i * 3)::text), 1, 8) || '@plans.example', '1 Main St', 'Austin', 'TX', '73301'
     from generate_series(1, ${ROWS}) as i`,
    [groupId, ownerId],
  );
  await t.pool.query(
    `insert into leads (group_id, created_by, first_name, last_name, title, company, street_one, city, state_abbrv, postal)
     values ($1, $2, 'Zelda', 'Quimby', 'Buyer', 'Quimby Works', '1 Main St', 'Austin', 'TX', '73301')`,
    [groupId, ownerId],
  );
  await t.pool.query(
    `insert into chat_messages (room_id, user_id, message, seq, version)
     select $1::int, $2::int, 'Note ' || md5(i::text) || ' ' || md5((i * 5)::text), i, i from generate_series(1, ${ROWS}) as i
     union all select $1::int, $2::int, 'Call Quimby on Monday', ${ROWS + 1}, ${ROWS + 1}`,
    [roomId, ownerId],
  );
  await t.pool.query(
    `with u as (
       insert into users (email, first_name, last_name)
       select 'p' || i || '@plans.example', substr(md5(i::text), 1, 6), substr(md5((i * 11)::text), 1, 8)
       from generate_series(1, ${SMALL}) as i
       union all select 'quimby@plans.example', 'Quimby', 'Person'
       returning id)
     insert into group_members (group_id, user_id, role, joined_at) select $1, id, 'MEMBER', now() from u`,
    [groupId],
  );
  await t.pool.query(
    `with g as (
       insert into groups (name, created_by)
       select 'Group ' || substr(md5(i::text), 1, 10), $1::int from generate_series(1, ${SMALL}) as i
       union all select 'Quimby Circle', $1::int
       returning id)
     insert into group_members (group_id, user_id, role) select id, $1::int, 'OWNER' from g`,
    [ownerId],
  );
  await t.pool.query(
    `insert into opportunities (created_by, name, notes, street_one, city, state_abbrv, postal)
     select $2::int, 'Deal ' || substr(md5(i::text), 1, 10), '', '1 Main St', 'Austin', 'TX', '73301'
     from generate_series(1, ${SMALL}) as i
     union all select $1::int, 'Quimby Tower', '', '1 Main St', 'Austin', 'TX', '73301'`,
    [ownerId, ctx.member.user.id],
  );
  await t.pool.query(
    `insert into opportunity_contacts (opportunity_id, created_by, first_name, last_name, title, company)
     select o.id, $1::int, substr(md5(o.id::text), 1, 6), substr(md5((o.id * 3)::text), 1, 8), 'Buyer', 'Co'
     from opportunities o
     union all select (select max(id) from opportunities where created_by = $1), $1::int, 'Quimby', 'Contact', 'Buyer', 'Co'`,
    [ownerId],
  );
  // A few of the member's opportunities shared with the owner, the rest not theirs.
  await t.pool.query(
    `insert into opportunity_shares (opportunity_id, user_id)
     select id, $1 from opportunities where created_by = $2 order by id limit 20`,
    [ownerId, ctx.member.user.id],
  );
  await t.pool.query('vacuum analyze');
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('search everywhere reads through its indexes', () => {
  for (const kind of SEARCH_KINDS) {
    for (const query of ['quimby', 'Quim', 'Quimbee']) {
      it(`${kind}: "${query}" reads through an index, never the whole table`, async () => {
        const nodes = await planNodesOf(
          t,
          async () => {
            const res = await post(t, '/search', { query, kind }, { token: ctx.owner.token });
            expect(res.status).toBe(200);
            expect(res.body.groups[0].results.length, JSON.stringify(res.body)).toBeGreaterThan(0);
          },
          (text) => text.includes('lc_fold'),
        );
        const { index, relation } = INDEX_OF[kind];
        const where = nodes.map((n) => n.where.split(' in: ')[0]).join('\n');
        // Through its trigram index, or (when the caller has few of them, as with opportunities) through
        // the index of what the caller may see; never by reading the table.
        const throughIndex = nodes.some(
          (n) => n.where.includes(index) || (n.relation === relation && /^(Bitmap Heap|Index)/.test(n.where)),
        );
        expect(throughIndex, where).toBe(true);
        const scans = nodes.filter((n) => n.where.startsWith('Seq Scan') && n.relation === INDEX_OF[kind].relation);
        expect(scans.map((n) => n.where.split(' in: ')[0])).toEqual([]);
      });
    }
  }
});
