import { CHAT_ANCHOR_MESSAGES, ID_MAX } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';
import { createChatWorld } from './chat.js';

// History by anchor: the page just older than before_seq or just newer than after_seq, newest first,
// across seqs that are missing (rows removed) and messages deleted (tombstones).

const clock = createTestClock();
let t: TestApp;
let w: Awaited<ReturnType<typeof createChatWorld>>;
let lead: Awaited<ReturnType<typeof insertLead>>;

// Seqs 1..30 less 10..14 and 25 (removed rows: gaps); 20 is deleted (a tombstone).
const MISSING = new Set([10, 11, 12, 13, 14, 25]);
const SEQS = Array.from({ length: 30 }, (_, i) => i + 1).filter((seq) => !MISSING.has(seq));

/** Messages straight into a room at the given seqs (text "m<seq>"), with the room's counters moved on. */
async function insertAtSeqs(roomId: number, userId: number, seqs: number[]) {
  for (const seq of seqs) {
    await t.db.execute(sql`insert into chat_messages (room_id, user_id, message, created_at, seq, version)
      values (${roomId}, ${userId}, ${`m${seq}`}, ${clock.now()}, ${seq}, ${seq})`);
  }
  const last = Math.max(...seqs);
  await t.db.execute(sql`update chat_rooms set last_seq = ${last}, last_version = ${last} where id = ${roomId}`);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await createChatWorld(t);
  lead = await insertLead(t, { groupId: w.group.groupId, createdBy: w.owner.user.id });
  for (const roomId of [w.roomId, lead.roomId]) {
    await insertAtSeqs(roomId, w.owner.user.id, SEQS);
    await t.db.execute(sql`update chat_messages set deleted_at = ${clock.now()}, message = ''
      where room_id = ${roomId} and seq = 20`);
  }
});
afterAll(async () => {
  await t.close();
});

type Page = { messages: { seq: number; deleted: boolean }[]; hasMore: boolean; totalCount: number };
const seqsOf = (body: Page) => body.messages.map((m) => m.seq);

async function roomPage(body: Record<string, unknown>) {
  const res = await post(t, '/chat/message/list', { room_id: w.roomId, ...body }, { token: w.member.token });
  expect(res.status).toBe(200);
  return res.body as Page;
}

async function leadPage(body: Record<string, unknown>) {
  const res = await post(t, '/chat/lead/list', { id: lead.id, ...body }, { token: w.member.token });
  expect(res.status).toBe(200);
  return res.body as Page;
}

describe('/chat/message/list by anchor', () => {
  it('answers the page just older than before_seq, newest first, over gaps and with tombstones', async () => {
    const page = await roomPage({ before_seq: 22, limit: 5 });
    expect(seqsOf(page)).toEqual([21, 20, 19, 18, 17]);
    expect(page.messages[1]).toMatchObject({ seq: 20, deleted: true, message: '' });
    expect(page).toMatchObject({ hasMore: true, totalCount: SEQS.length });
    // Across the gap 10..14.
    expect(seqsOf(await roomPage({ before_seq: 17, limit: 5 }))).toEqual([16, 15, 9, 8, 7]);
  });

  it('answers the page just newer than after_seq, newest first, and says whether newer ones follow', async () => {
    const page = await roomPage({ after_seq: 8, limit: 5 });
    expect(seqsOf(page)).toEqual([18, 17, 16, 15, 9]);
    expect(page.hasMore).toBe(true);
    expect(seqsOf(await roomPage({ after_seq: 23, limit: 5 }))).toEqual([29, 28, 27, 26, 24]);
    const newest = await roomPage({ after_seq: 26, limit: 5 });
    expect(seqsOf(newest)).toEqual([30, 29, 28, 27]);
    expect(newest.hasMore).toBe(false);
  });

  it('walks the whole room back from the newest and forward from 0, page by page, each message once', async () => {
    const back: number[] = [];
    let page = await roomPage({ limit: 4 });
    back.push(...seqsOf(page));
    while (page.hasMore) {
      page = await roomPage({ before_seq: back.at(-1), limit: 4 });
      back.push(...seqsOf(page));
    }
    expect(back).toEqual([...SEQS].reverse());
    const forward: number[] = [];
    let after = 0;
    for (;;) {
      const next = await roomPage({ after_seq: after, limit: 4 });
      forward.push(...seqsOf(next).reverse());
      if (!next.hasMore) break;
      after = forward.at(-1)!;
    }
    expect(forward).toEqual(SEQS);
  });

  it('answers empty pages past either end, and before_seq 1 or after the last seq has nothing more', async () => {
    expect(await roomPage({ before_seq: 1 })).toMatchObject({ messages: [], hasMore: false });
    expect(await roomPage({ after_seq: 30 })).toMatchObject({ messages: [], hasMore: false });
    expect(seqsOf(await roomPage({ before_seq: ID_MAX, limit: 2 }))).toEqual([30, 29]);
  });

  it('still pages by offset for the spec’s callers', async () => {
    const page = await roomPage({ offset: 2, limit: 3 });
    expect(seqsOf(page)).toEqual([28, 27, 26]);
    expect(page.hasMore).toBe(true);
  });

  it('refuses a stranger as before, with an anchor too', async () => {
    const res = await post(t, '/chat/message/list', { room_id: w.roomId, before_seq: 10 }, { token: w.stranger.token });
    expect(res.status).toBe(404);
  });

  it.each([
    ['a negative anchor', { before_seq: -1 }, 'before_seq'],
    ['a fractional anchor', { after_seq: 2.5 }, 'after_seq'],
    ['a text anchor', { before_seq: '10' }, 'before_seq'],
    ['an anchor past the id range', { after_seq: ID_MAX + 1 }, 'after_seq'],
    ['both anchors', { before_seq: 10, after_seq: 2 }, 'after_seq'],
    ['an anchor with an offset', { before_seq: 10, offset: 50 }, 'offset'],
    ['an anchor with SINCE', { after_seq: 10, list_message_type: 'SINCE', since_version: 0 }, 'list_message_type'],
    ['an absurd page size', { before_seq: 10, limit: 1_000_000 }, 'limit'],
  ])('answers 400 for %s, naming the field', async (_name, body, field) => {
    const res = await post(t, '/chat/message/list', { room_id: w.roomId, ...body }, { token: w.member.token });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('says which rule both anchors break', async () => {
    const res = await post(
      t,
      '/chat/message/list',
      { room_id: w.roomId, before_seq: 10, after_seq: 2 },
      { token: w.member.token },
    );
    expect(res.body.issues).toContainEqual({ path: 'after_seq', message: CHAT_ANCHOR_MESSAGES.bothAnchors });
  });
});

describe('/chat/lead/list by anchor (a lead’s comments are a room)', () => {
  it('pages a lead’s comments back by before_seq and forward by after_seq, over gaps and tombstones', async () => {
    const older = await leadPage({ before_seq: 22, get_next: 5 });
    expect(seqsOf(older)).toEqual([21, 20, 19, 18, 17]);
    expect(older).toMatchObject({ hasMore: true, totalCount: SEQS.length });
    expect(seqsOf(await leadPage({ before_seq: 17, get_next: 5 }))).toEqual([16, 15, 9, 8, 7]);
    const newer = await leadPage({ after_seq: 26, get_next: 5 });
    expect(seqsOf(newer)).toEqual([30, 29, 28, 27]);
    expect(newer.hasMore).toBe(false);
    const first = await leadPage({ get_next: 3 });
    expect(first).toMatchObject({ hasMore: true });
    expect(seqsOf(first)).toEqual([30, 29, 28]);
  });

  it.each([
    ['both anchors', { before_seq: 10, after_seq: 2 }],
    ['an anchor with start_position', { before_seq: 10, start_position: 50 }],
    ['a negative anchor', { after_seq: -5 }],
  ])('answers 400 for %s', async (_name, body) => {
    const res = await post(t, '/chat/lead/list', { id: lead.id, ...body }, { token: w.member.token });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});
