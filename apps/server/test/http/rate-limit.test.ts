import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../../src/db/schema/index.js';
import { consumeRateLimits } from '../../src/http/rate-limit.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The limiter against the real database (the race of two requests for the last slot is in races.test.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function hitsOf(prefix: string) {
  const hits = await t.db
    .select()
    .from(rateLimitHits)
    .where(like(rateLimitHits.key, `${prefix}%`));
  return hits.map((h) => h.key).sort();
}

describe('consumeRateLimits', () => {
  const minute = { limit: 2, windowMs: 60_000 };

  it('lets the limit through, then answers 429 and records nothing more', async () => {
    const now = new Date();
    const checks = [{ key: 'limit:one', rule: minute }];
    await consumeRateLimits(t.db, checks, now);
    await consumeRateLimits(t.db, checks, now);
    await expect(consumeRateLimits(t.db, checks, now)).rejects.toMatchObject({ status: 429 });
    expect(await hitsOf('limit:one')).toEqual(['limit:one', 'limit:one']);
  });

  it('counts only the hits inside the window', async () => {
    const start = new Date();
    const checks = [{ key: 'limit:window', rule: minute }];
    await consumeRateLimits(t.db, checks, start);
    await consumeRateLimits(t.db, checks, start);
    const later = new Date(start.getTime() + minute.windowMs + 1);
    await expect(consumeRateLimits(t.db, checks, later)).resolves.toBeUndefined();
  });

  it('with several rules, refuses when one is used up and counts the attempt against none', async () => {
    const now = new Date();
    const full = { key: 'limit:both:full', rule: { limit: 1, windowMs: 60_000 } };
    const free = { key: 'limit:both:free', rule: { limit: 10, windowMs: 60_000 } };
    await consumeRateLimits(t.db, [full], now);
    await expect(consumeRateLimits(t.db, [free, full], now)).rejects.toMatchObject({ status: 429 });
    expect(await hitsOf('limit:both')).toEqual(['limit:both:full']);
    await consumeRateLimits(t.db, [free], now);
    expect(await hitsOf('limit:both')).toEqual(['limit:both:free', 'limit:both:full']);
  });

  it('takes two requests naming the same keys in opposite orders without a deadlock', async () => {
    const now = new Date();
    const a = { key: 'limit:order:a', rule: { limit: 100, windowMs: 60_000 } };
    const b = { key: 'limit:order:b', rule: { limit: 100, windowMs: 60_000 } };
    for (let round = 0; round < 20; round++) {
      await Promise.all([consumeRateLimits(t.db, [a, b], now), consumeRateLimits(t.db, [b, a], now)]);
    }
    expect((await hitsOf('limit:order:a')).length).toBe(40);
    expect((await hitsOf('limit:order:b')).length).toBe(40);
  });

  it('takes an empty list of rules as nothing to count', async () => {
    await expect(consumeRateLimits(t.db, [], new Date())).resolves.toBeUndefined();
  });
});
