import { TERRITORY_MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, territories } from '../../src/db/schema/index.js';
import { consumeRateLimits } from '../../src/http/rate-limit.js';
import { createAdmin, subscribe } from '../billing.js';
import { createChatWorld, send } from '../chat/chat.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Two requests that meet: both sides run at once against the real database, many times over, so an
// order that breaks the rule shows up.
const ROUNDS = 25;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an edit racing a delete of a chat message', () => {
  it('never writes text back into a deleted message', async () => {
    const w = await createChatWorld(t);
    for (let round = 0; round < ROUNDS; round++) {
      const sent = await send(t, w.member.token, w.roomId, `Round ${round}`);
      const id = sent.body.messageId as number;
      const [edited, deleted] = await Promise.all([
        post(t, '/chat/message/edit', { message_id: id, message: `Edited ${round}` }, { token: w.member.token }),
        post(t, '/chat/message/delete', { message_id: id }, { token: w.member.token }),
      ]);
      expect(deleted.status).toBe(200);
      // The edit either came first (and was then deleted) or found the message deleted.
      if (edited.status !== 200) expect(edited.body).toMatchObject({ code: 'CHAT_MESSAGE_DELETED' });
      const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, id));
      expect(row).toMatchObject({ message: '', deletedAt: expect.any(Date) });
    }
  });
});

describe('two territory creates with names differing only in case', () => {
  it('let one through and answer the other that the name is taken', async () => {
    const admin = await createAdmin(t, 'Race Co');
    expect((await subscribe(t, admin.token)).status).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const body = (name: string) => ({ business_id: admin.businessId, name, states: ['TX'] });
      const answers = await Promise.all([
        post(t, '/territory/create', body(`Region ${round}`), { token: admin.token }),
        post(t, '/territory/create', body(`REGION ${round}`), { token: admin.token }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toMatchObject({
        code: 'TERRITORY_NAME_TAKEN',
        message: TERRITORY_MESSAGES.nameTaken,
      });
    }
    const rows = await t.db.select().from(territories).where(eq(territories.businessId, admin.businessId));
    expect(rows).toHaveLength(ROUNDS);
  });

  it('two renames to one name in different cases: one passes, the other is told the name is taken', async () => {
    const admin = await createAdmin(t, 'Rename Co');
    expect((await subscribe(t, admin.token)).status).toBe(200);
    const create = async (name: string) =>
      (
        await post(
          t,
          '/territory/create',
          { business_id: admin.businessId, name, states: ['TX'] },
          { token: admin.token },
        )
      ).body.territoryId as number;
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = [await create(`A ${round}`), await create(`B ${round}`)];
      const rename = (id: number, name: string) =>
        post(
          t,
          '/territory/update',
          { business_id: admin.businessId, territory_id: id, name, states: ['TX'] },
          { token: admin.token },
        );
      const answers = await Promise.all([rename(a, `Zone ${round}`), rename(b, `ZONE ${round}`)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body).toMatchObject({ message: TERRITORY_MESSAGES.nameTaken });
    }
  });
});

describe("the rate limiter's check and insert", () => {
  it('lets one of two requests through the last slot, never both', async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const now = new Date();
    for (let round = 0; round < ROUNDS; round++) {
      const checks = [{ key: `race:round:${round}`, rule }];
      for (let i = 0; i < rule.limit - 1; i++) await consumeRateLimits(t.db, checks, now);
      const answers = await Promise.allSettled([
        consumeRateLimits(t.db, checks, now),
        consumeRateLimits(t.db, checks, now),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((answers.find((a) => a.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
        status: 429,
      });
    }
  });
});
