import { LEAD_MESSAGES, PAGE_SIZE } from '@leadcircle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, leadRatings, leads, users } from '../../src/db/schema/index.js';
import { createGroupWithMembers } from '../groups.js';
import { createSignedInUser, post } from '../helpers.js';
import { insertLead, leadNotFound, notMember } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const ownRating = { code: 'LEAD_OWN_RATING', message: LEAD_MESSAGES.ownRating };
const ratingInvalid = { code: 'VALIDATION_FAILED', message: LEAD_MESSAGES.ratingInvalid };
const MINUTE = 60_000;

const leadRow = async (id: number) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const ratingRows = (leadId: number, kind: 'QUALITY' | 'RELEVANCY' = 'QUALITY') =>
  t.db
    .select()
    .from(leadRatings)
    .where(and(eq(leadRatings.leadId, leadId), eq(leadRatings.kind, kind)));

/** A group (owner, member, stranger) and a lead the group's owner submitted. */
async function setup() {
  const ctx = await createGroupWithMembers(t);
  const lead = await insertLead(t, {
    groupId: ctx.group.groupId,
    createdBy: ctx.owner.user.id,
    lastActivityAt: clock.now(),
  });
  return { ...ctx, lead };
}

/** More signed-in members of a group (rows straight into group_members). */
async function addMembers(groupId: number, n: number) {
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const signedIn = await createSignedInUser(t);
    await t.db.insert(groupMembers).values({ groupId, userId: signedIn.user.id, role: 'MEMBER' });
    out.push({ ...signedIn, token: signedIn.accessToken });
  }
  return out;
}

/** What a refused call must leave as it was. */
async function snapshot(leadId: number) {
  const row = await leadRow(leadId);
  return {
    ratingSum: row.ratingSum,
    ratingCount: row.ratingCount,
    lastActivityAt: row.lastActivityAt.toISOString(),
    quality: await ratingRows(leadId, 'QUALITY'),
    relevancy: await ratingRows(leadId, 'RELEVANCY'),
  };
}

describe('/rating/quality/rate', () => {
  it('answers 401 anonymous, 403 to a non-member, 403 LEAD_OWN_RATING to the lead owner, 200 to a member', async () => {
    const c = await setup();
    const before = await snapshot(c.lead.id);
    const body = { lead_id: c.lead.id, rating: 4 };
    expect((await post(t, '/rating/quality/rate', body)).status).toBe(401);
    expect(await post(t, '/rating/quality/rate', body, { token: c.stranger.token })).toMatchObject({
      status: 403,
      body: notMember,
    });
    expect(await post(t, '/rating/quality/rate', body, { token: c.owner.token })).toMatchObject({
      status: 403,
      body: ownRating,
    });
    expect(await snapshot(c.lead.id)).toEqual(before);
    const member = await post(t, '/rating/quality/rate', body, { token: c.member.token });
    expect(member).toMatchObject({ status: 200, body: { rating: 4, userRating: 4, count: 1 } });
  });

  it('lets the group owner rate a lead another member submitted', async () => {
    const c = await setup();
    const lead = await insertLead(t, { groupId: c.group.groupId, createdBy: c.member.user.id });
    const res = await post(t, '/rating/quality/rate', { lead_id: lead.id, rating: 2 }, { token: c.owner.token });
    expect(res).toMatchObject({ status: 200, body: { rating: 2, userRating: 2, count: 1 } });
    const own = await post(t, '/rating/quality/rate', { lead_id: lead.id, rating: 2 }, { token: c.member.token });
    expect(own).toMatchObject({ status: 403, body: ownRating });
  });

  it('averages the members’ ratings to one decimal, changes and takes back the caller’s own, and keeps sum and count', async () => {
    const c = await setup();
    const [a, b] = await addMembers(c.group.groupId, 2);
    const rate = (token: string, rating: number) =>
      post(t, '/rating/quality/rate', { lead_id: c.lead.id, rating }, { token });

    expect((await rate(c.member.token, 5)).body).toEqual({ rating: 5, userRating: 5, count: 1 });
    expect((await rate(a!.token, 4)).body).toEqual({ rating: 4.5, userRating: 4, count: 2 });
    expect((await rate(b!.token, 4)).body).toEqual({ rating: 4.3, userRating: 4, count: 3 });
    expect(await leadRow(c.lead.id)).toMatchObject({ ratingSum: 13, ratingCount: 3 });

    // Changing a rating replaces it.
    expect((await rate(a!.token, 1)).body).toEqual({ rating: 3.3, userRating: 1, count: 3 });
    // 0 takes it back; taking back twice changes nothing.
    expect((await rate(b!.token, 0)).body).toEqual({ rating: 3, userRating: null, count: 2 });
    expect((await rate(b!.token, 0)).body).toEqual({ rating: 3, userRating: null, count: 2 });
    expect(await leadRow(c.lead.id)).toMatchObject({ ratingSum: 6, ratingCount: 2 });
    expect((await ratingRows(c.lead.id)).map((r) => [r.userId, r.rating]).sort()).toEqual(
      [
        [c.member.user.id, 5],
        [a!.user.id, 1],
      ].sort(),
    );
    // Everyone back to nothing: no rating at all.
    await rate(c.member.token, 0);
    expect((await rate(a!.token, 0)).body).toEqual({ rating: null, userRating: null, count: 0 });
    expect(await leadRow(c.lead.id)).toMatchObject({ ratingSum: 0, ratingCount: 0 });
  });

  it('moves the lead to the top of the activity order', async () => {
    const c = await setup();
    const before = (await leadRow(c.lead.id)).lastActivityAt.getTime();
    clock.advance(MINUTE);
    await post(t, '/rating/quality/rate', { lead_id: c.lead.id, rating: 3 }, { token: c.member.token });
    const after = (await leadRow(c.lead.id)).lastActivityAt;
    expect(after.toISOString()).toBe(clock.now().toISOString());
    expect(after.getTime()).toBeGreaterThan(before);
  });

  it('loses no update when several members rate at the same time', async () => {
    const c = await setup();
    const raters = await addMembers(c.group.groupId, 6);
    const values = [5, 4, 3, 2, 1, 5];
    const results = await Promise.all(
      raters.map((r, i) =>
        post(t, '/rating/quality/rate', { lead_id: c.lead.id, rating: values[i] }, { token: r.token }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(values.map(() => 200));
    expect(await leadRow(c.lead.id)).toMatchObject({ ratingSum: 20, ratingCount: 6 });

    // Changes and take-backs at once: 5→1, 4→0, 3→3, 2→0, 1→5, 5→2.
    const next = [1, 0, 3, 0, 5, 2];
    await Promise.all(
      raters.map((r, i) =>
        post(t, '/rating/quality/rate', { lead_id: c.lead.id, rating: next[i] }, { token: r.token }),
      ),
    );
    expect(await leadRow(c.lead.id)).toMatchObject({ ratingSum: 11, ratingCount: 4 });
    const get = await post(t, '/rating/quality/get', { lead_id: c.lead.id }, { token: c.member.token });
    expect(get.body).toEqual({ rating: 2.8, userRating: null, count: 4 });
  });

  it.each([
    ['above 5', { rating: 6 }],
    ['below 0', { rating: -1 }],
    ['not whole', { rating: 2.5 }],
    ['a string', { rating: '3' }],
    ['null', { rating: null }],
    ['missing', {}],
  ])('answers 400 ratingInvalid for a rating %s, and changes nothing', async (_name, rating) => {
    const c = await setup();
    const before = await snapshot(c.lead.id);
    const res = await post(t, '/rating/quality/rate', { lead_id: c.lead.id, ...rating }, { token: c.member.token });
    expect(res).toMatchObject({ status: 400, body: ratingInvalid });
    expect(await snapshot(c.lead.id)).toEqual(before);
  });

  it.each([
    ['not a number', 'abc'],
    ['zero', 0],
    ['negative', -3],
    ['a fraction', 1.5],
    ['beyond the id range', 3_000_000_000],
    ['huge', 1e300],
    ['a long string', 'x'.repeat(100_000)],
    ['an object', { id: 1 }],
  ])('answers 400 for a lead_id %s', async (_name, leadId) => {
    const c = await setup();
    const res = await post(t, '/rating/quality/rate', { lead_id: leadId, rating: 3 }, { token: c.member.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain('lead_id');
  });

  it('answers 400 for a missing lead_id, an unknown field and a body that is not JSON', async () => {
    const c = await setup();
    const opts = { token: c.member.token };
    expect((await post(t, '/rating/quality/rate', { rating: 3 }, opts)).status).toBe(400);
    expect((await post(t, '/rating/quality/rate', { lead_id: c.lead.id, rating: 3, kind: 'X' }, opts)).status).toBe(
      400,
    );
    expect((await post(t, '/rating/quality/rate', '{"lead_id":', opts)).status).toBe(400);
    expect((await ratingRows(c.lead.id)).length).toBe(0);
  });

  it('answers 404 LEAD_NOT_FOUND for a lead that does not exist', async () => {
    const c = await setup();
    const res = await post(
      t,
      '/rating/quality/rate',
      { lead_id: c.lead.id + 100_000, rating: 3 },
      { token: c.member.token },
    );
    expect(res).toMatchObject({ status: 404, body: leadNotFound });
  });
});

describe('/rating/quality/get', () => {
  it('answers 401 anonymous, 403 to a non-member, and the rating to the owner and members', async () => {
    const c = await setup();
    await post(t, '/rating/quality/rate', { lead_id: c.lead.id, rating: 4 }, { token: c.member.token });
    const body = { lead_id: c.lead.id };
    expect((await post(t, '/rating/quality/get', body)).status).toBe(401);
    expect(await post(t, '/rating/quality/get', body, { token: c.stranger.token })).toMatchObject({
      status: 403,
      body: notMember,
    });
    expect(await post(t, '/rating/quality/get', body, { token: c.owner.token })).toMatchObject({
      status: 200,
      body: { rating: 4, userRating: null, count: 1 },
    });
    expect(await post(t, '/rating/quality/get', body, { token: c.member.token })).toMatchObject({
      status: 200,
      body: { rating: 4, userRating: 4, count: 1 },
    });
  });

  it('answers a lead nobody rated with a null rating', async () => {
    const c = await setup();
    const res = await post(t, '/rating/quality/get', { lead_id: c.lead.id }, { token: c.member.token });
    expect(res).toMatchObject({ status: 200, body: { rating: null, userRating: null, count: 0 } });
  });

  it('answers 404 for a lead that does not exist and 400 for a bad id', async () => {
    const c = await setup();
    expect(
      await post(t, '/rating/quality/get', { lead_id: c.lead.id + 100_000 }, { token: c.member.token }),
    ).toMatchObject({ status: 404, body: leadNotFound });
    expect((await post(t, '/rating/quality/get', { lead_id: 'x' }, { token: c.member.token })).status).toBe(400);
    expect((await post(t, '/rating/quality/get', {}, { token: c.member.token })).status).toBe(400);
  });
});

describe('/rating/relevancy/rate', () => {
  it('answers 401 anonymous, 403 to a non-member, 403 to the lead owner, and the relevancy to a member', async () => {
    const c = await setup();
    const before = await snapshot(c.lead.id);
    const body = { lead_id: c.lead.id, group_id: c.group.groupId, rating: 3 };
    expect((await post(t, '/rating/relevancy/rate', body)).status).toBe(401);
    expect(await post(t, '/rating/relevancy/rate', body, { token: c.stranger.token })).toMatchObject({
      status: 403,
      body: notMember,
    });
    expect(await post(t, '/rating/relevancy/rate', body, { token: c.owner.token })).toMatchObject({
      status: 403,
      body: ownRating,
    });
    expect(await snapshot(c.lead.id)).toEqual(before);
    expect(await post(t, '/rating/relevancy/rate', body, { token: c.member.token })).toMatchObject({
      status: 200,
      body: { rating: 3, userRating: 3, count: 1 },
    });
  });

  it('averages relevancy apart from quality, and 0 takes it back', async () => {
    const c = await setup();
    const [a] = await addMembers(c.group.groupId, 1);
    const rate = (token: string, rating: number) =>
      post(t, '/rating/relevancy/rate', { lead_id: c.lead.id, group_id: c.group.groupId, rating }, { token });
    await post(t, '/rating/quality/rate', { lead_id: c.lead.id, rating: 1 }, { token: c.member.token });
    expect((await rate(c.member.token, 3)).body).toEqual({ rating: 3, userRating: 3, count: 1 });
    expect((await rate(a!.token, 4)).body).toEqual({ rating: 3.5, userRating: 4, count: 2 });
    expect((await rate(a!.token, 0)).body).toEqual({ rating: 3, userRating: null, count: 1 });
    // The quality rating and its totals are untouched.
    expect(await leadRow(c.lead.id)).toMatchObject({ ratingSum: 1, ratingCount: 1 });
    expect((await ratingRows(c.lead.id, 'RELEVANCY')).map((r) => r.rating)).toEqual([3]);
    const quality = await post(t, '/rating/quality/get', { lead_id: c.lead.id }, { token: c.member.token });
    expect(quality.body).toEqual({ rating: 1, userRating: 1, count: 1 });
  });

  it('answers 404 LEAD_NOT_FOUND for a lead of another group named with this group’s id, and changes nothing', async () => {
    const c = await setup();
    const other = await setup();
    // The member belongs to both groups: only the group named in the call differs.
    await t.db.insert(groupMembers).values({ groupId: other.group.groupId, userId: c.member.user.id, role: 'MEMBER' });
    const before = await snapshot(other.lead.id);
    const res = await post(
      t,
      '/rating/relevancy/rate',
      { lead_id: other.lead.id, group_id: c.group.groupId, rating: 4 },
      { token: c.member.token },
    );
    expect(res).toMatchObject({ status: 404, body: leadNotFound });
    expect(await snapshot(other.lead.id)).toEqual(before);
    const missing = await post(
      t,
      '/rating/relevancy/rate',
      { lead_id: c.lead.id + 100_000, group_id: c.group.groupId, rating: 4 },
      { token: c.member.token },
    );
    expect(missing).toMatchObject({ status: 404, body: leadNotFound });
  });

  it('answers 400 for a bad rating, a bad group_id and a missing group_id', async () => {
    const c = await setup();
    const opts = { token: c.member.token };
    const bad = await post(
      t,
      '/rating/relevancy/rate',
      { lead_id: c.lead.id, group_id: c.group.groupId, rating: 9 },
      opts,
    );
    expect(bad).toMatchObject({ status: 400, body: ratingInvalid });
    expect(
      (await post(t, '/rating/relevancy/rate', { lead_id: c.lead.id, group_id: 'g', rating: 2 }, opts)).status,
    ).toBe(400);
    expect((await post(t, '/rating/relevancy/rate', { lead_id: c.lead.id, rating: 2 }, opts)).status).toBe(400);
    expect((await ratingRows(c.lead.id, 'RELEVANCY')).length).toBe(0);
  });
});

describe('/rating/user and the group users list', () => {
  /** A group where `member` submitted three leads: rated 5 and 4 (4.5), rated 2 (2), and unrated. */
  async function ratedMember() {
    const c = await setup();
    const [a] = await addMembers(c.group.groupId, 1);
    const first = await insertLead(t, { groupId: c.group.groupId, createdBy: c.member.user.id });
    const second = await insertLead(t, { groupId: c.group.groupId, createdBy: c.member.user.id });
    await insertLead(t, { groupId: c.group.groupId, createdBy: c.member.user.id });
    const rate = (token: string, leadId: number, rating: number) =>
      post(t, '/rating/quality/rate', { lead_id: leadId, rating }, { token });
    await rate(c.owner.token, first.id, 5);
    await rate(a!.token, first.id, 4);
    await rate(c.owner.token, second.id, 2);
    return { ...c, other: a! };
  }

  it('answers each member’s average of their rated leads’ averages, in the order asked', async () => {
    const c = await ratedMember();
    const res = await post(
      t,
      '/rating/user',
      { user_ids: [c.owner.user.id, c.member.user.id, c.other.user.id] },
      { token: c.other.token },
    );
    // (4.5 + 2) / 2 = 3.25, to one decimal.
    expect(res).toMatchObject({
      status: 200,
      body: {
        userRatings: [
          { userId: c.owner.user.id, rating: null },
          { userId: c.member.user.id, rating: 3.3 },
          { userId: c.other.user.id, rating: null },
        ],
      },
    });
  });

  it('answers the caller’s own rating, and hidden submitters still count', async () => {
    const c = await ratedMember();
    const own = await post(t, '/rating/user', { user_ids: [c.member.user.id] }, { token: c.member.token });
    expect(own.body).toEqual({ userRatings: [{ userId: c.member.user.id, rating: 3.3 }] });
    await t.db.update(users).set({ deletionRequestedAt: clock.now() }).where(eq(users.id, c.member.user.id));
    const res = await post(t, '/rating/user', { user_ids: [c.member.user.id] }, { token: c.owner.token });
    expect(res).toMatchObject({ status: 200, body: { userRatings: [{ userId: c.member.user.id, rating: 3.3 }] } });
  });

  it('answers 401 anonymous and 403 RATING_USERS_NOT_VISIBLE for a user who shares no group with the caller', async () => {
    const c = await ratedMember();
    expect((await post(t, '/rating/user', { user_ids: [c.member.user.id] })).status).toBe(401);
    const stranger = await post(t, '/rating/user', { user_ids: [c.member.user.id] }, { token: c.stranger.token });
    expect(stranger).toMatchObject({
      status: 403,
      body: { code: 'RATING_USERS_NOT_VISIBLE', message: LEAD_MESSAGES.ratingUsersNotVisible },
    });
    // One invisible id among visible ones refuses the whole call; so does an id with no account.
    const mixed = await post(
      t,
      '/rating/user',
      { user_ids: [c.owner.user.id, c.stranger.user.id] },
      { token: c.member.token },
    );
    expect(mixed).toMatchObject({ status: 403, body: { code: 'RATING_USERS_NOT_VISIBLE' } });
    const nobody = await post(t, '/rating/user', { user_ids: [2_000_000_000] }, { token: c.member.token });
    expect(nobody).toMatchObject({ status: 403, body: { code: 'RATING_USERS_NOT_VISIBLE' } });
  });

  it.each([
    ['empty', []],
    ['too many', Array.from({ length: PAGE_SIZE + 1 }, (_, i) => i + 1)],
    ['not numbers', ['a']],
    ['not a list', 5],
    ['missing', undefined],
  ])('answers 400 for user_ids %s', async (_name, ids) => {
    const c = await setup();
    const res = await post(t, '/rating/user', ids === undefined ? {} : { user_ids: ids }, { token: c.member.token });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('shows each member’s rating in the group users list', async () => {
    const c = await ratedMember();
    const res = await post(
      t,
      '/user/get_users_by_group',
      { group_id: c.group.groupId, start_position: 0, get_next: PAGE_SIZE },
      { token: c.owner.token },
    );
    expect(res.status).toBe(200);
    const byId = new Map(
      (res.body.users as { userId: number; rating: number | null }[]).map((u) => [u.userId, u.rating]),
    );
    expect(byId.get(c.member.user.id)).toBe(3.3);
    expect(byId.get(c.owner.user.id)).toBeNull();
    expect(byId.get(c.other.user.id)).toBeNull();
  });
});
