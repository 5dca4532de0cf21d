import { MEMBER_RATING_EXPLANATION } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRating, roundToTenth, winScore } from '../../src/modules/ratings/member-rating.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The member rating takes outcomes into account as well as quality ratings: each won lead counts as a
// 5 and each lost one as a 1, starting from one of each, weighted by how many leads each part covers.

describe('memberRating', () => {
  it('is the plain quality average while no lead is won or lost, and null with nothing at all', () => {
    expect(memberRating({ qualityAverage: 3.25, ratedLeads: 2, won: 0, lost: 0 })).toBe(3.3);
    expect(memberRating({ qualityAverage: 4.35, ratedLeads: 1, won: 0, lost: 0 })).toBe(4.4);
    expect(memberRating({ qualityAverage: null, ratedLeads: 0, won: 0, lost: 0 })).toBeNull();
  });

  it('scores the win rate from one won and one lost lead assumed, so one lead does not decide it', () => {
    expect(winScore(0, 0)).toBe(3);
    expect(winScore(1, 0)).toBeCloseTo(1 + 8 / 3);
    expect(winScore(0, 1)).toBeCloseTo(1 + 4 / 3);
    expect(winScore(10, 0)).toBeCloseTo(1 + (4 * 11) / 12);
    // One won lead and nothing rated: 3.7, not 5.
    expect(memberRating({ qualityAverage: null, ratedLeads: 0, won: 1, lost: 0 })).toBe(3.7);
    expect(memberRating({ qualityAverage: null, ratedLeads: 0, won: 0, lost: 1 })).toBe(2.3);
    // Many wins approach 5; many losses approach 1.
    expect(memberRating({ qualityAverage: null, ratedLeads: 0, won: 98, lost: 0 })).toBe(5);
    expect(memberRating({ qualityAverage: null, ratedLeads: 0, won: 0, lost: 98 })).toBe(1);
  });

  it('weighs quality and outcomes by how many leads each covers', () => {
    // (2 × 3.25 + 2 × 3) / 4 = 3.125
    expect(memberRating({ qualityAverage: 3.25, ratedLeads: 2, won: 1, lost: 1 })).toBe(3.1);
    // (1 × 5 + 3 × winScore(0, 3) = 1.8) / 4 = 2.6
    expect(memberRating({ qualityAverage: 5, ratedLeads: 1, won: 0, lost: 3 })).toBe(2.6);
    // A quality average with no rated leads counts for nothing.
    expect(memberRating({ qualityAverage: 2, ratedLeads: 0, won: 1, lost: 0 })).toBe(3.7);
  });

  it('rounds half up to one decimal', () => {
    expect(roundToTenth(3.25)).toBe(3.3);
    expect(roundToTenth(4.35)).toBe(4.4);
    expect(roundToTenth(3.24)).toBe(3.2);
  });

  it('is explained in one sentence for the tooltip', () => {
    expect(MEMBER_RATING_EXPLANATION).toMatch(/^The rating [^.]+\.$/);
  });
});

describe('/rating/user with outcomes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('blends the quality of the leads a member gave with how many were won and lost', async () => {
    const c = await createGroupWithMembers(t);
    const g = c.group.groupId;
    const first = await insertLead(t, { groupId: g, createdBy: c.member.user.id });
    const second = await insertLead(t, { groupId: g, createdBy: c.member.user.id });
    const third = await insertLead(t, { groupId: g, createdBy: c.member.user.id });
    const fourth = await insertLead(t, { groupId: g, createdBy: c.member.user.id });
    await post(t, '/rating/quality/rate', { lead_id: first.id, rating: 5 }, { token: c.owner.token });
    await post(t, '/rating/quality/rate', { lead_id: second.id, rating: 2 }, { token: c.owner.token });
    const ratingOf = async () =>
      (await post(t, '/rating/user', { user_ids: [c.member.user.id] }, { token: c.owner.token })).body.userRatings[0]
        .rating;
    // Quality alone: (5 + 2) / 2.
    expect(await ratingOf()).toBe(3.5);
    // The member submitted them: they record the outcomes (no assignee).
    const step = (leadId: number, body: Record<string, unknown>) =>
      post(t, '/lead/outcome/record', { lead_id: leadId, ...body }, { token: c.member.token });
    expect((await step(third.id, { stage: 'WON', amount: 5000 })).status).toBe(200);
    expect((await step(fourth.id, { stage: 'LOST', lost_reason: 'NO_NEED' })).status).toBe(200);
    // Their own Won waits for confirmation; their Lost counts: (2 × 3.5 + 1 × winScore(0, 1)) / 3 = 3.11… → 3.1
    expect(await ratingOf()).toBe(3.1);
    // The group's owner confirms the Won: (2 × 3.5 + 2 × winScore(1, 1) = 3) / 4 = 3.25 → 3.3
    const confirmed = await post(t, '/lead/outcome/confirm', { lead_id: third.id }, { token: c.owner.token });
    expect(confirmed.status).toBe(200);
    expect(await ratingOf()).toBe(3.3);
    // Steps short of Won or Lost change nothing.
    await step(fourth.id, { stage: 'PROPOSAL' });
    // (2 × 3.5 + 1 × winScore(1, 0)) / 3 = 3.555… → 3.6
    expect(await ratingOf()).toBe(3.6);
    // The group's users list shows the same number.
    const listed = await post(t, '/user/get_users_by_group', { group_id: g }, { token: c.owner.token });
    const row = listed.body.users.find((u: { userId: number }) => u.userId === c.member.user.id);
    expect(row.rating).toBe(3.6);
  });

  it('lists with each member’s rating what it is made of: the quality stars and the leads won and lost', async () => {
    const c = await createGroupWithMembers(t);
    const g = c.group.groupId;
    // The member's only lead: the owner takes it, wins it and rates it 4 stars.
    const lead = await insertLead(t, { groupId: g, createdBy: c.member.user.id });
    const as = { token: c.owner.token };
    expect(
      (await post(t, '/lead/assign', { group_id: g, lead_id: lead.id, user_id: c.owner.user.id }, as)).status,
    ).toBe(200);
    expect((await post(t, '/lead/outcome/record', { lead_id: lead.id, stage: 'WON', amount: 100 }, as)).status).toBe(
      200,
    );
    expect((await post(t, '/rating/quality/rate', { lead_id: lead.id, rating: 4 }, as)).status).toBe(200);
    const listed = await post(t, '/user/get_users_by_group', { group_id: g }, as);
    const rowOf = (id: number) => listed.body.users.find((u: { userId: number }) => u.userId === id);
    // (1 × 4 + 1 × winScore(1, 0)) / 2 = 3.83 → 3.8
    expect(rowOf(c.member.user.id)).toMatchObject({ rating: 3.8, ratingParts: { quality: 4, won: 1, lost: 0 } });
    expect(rowOf(c.owner.user.id)).toMatchObject({ rating: null, ratingParts: null });
  });

  it('rates a member with a won lead and no quality rating', async () => {
    const c = await createGroupWithMembers(t);
    const lead = await insertLead(t, { groupId: c.group.groupId, createdBy: c.member.user.id });
    await post(t, '/lead/outcome/record', { lead_id: lead.id, stage: 'WON', amount: 100 }, { token: c.member.token });
    const ratings = async () =>
      (await post(t, '/rating/user', { user_ids: [c.member.user.id] }, { token: c.owner.token })).body.userRatings;
    // Their own report is not a won lead until someone else confirms it.
    expect(await ratings()).toEqual([{ userId: c.member.user.id, rating: null }]);
    await post(t, '/lead/outcome/confirm', { lead_id: lead.id }, { token: c.owner.token });
    expect(await ratings()).toEqual([{ userId: c.member.user.id, rating: 3.7 }]);
  });
});
