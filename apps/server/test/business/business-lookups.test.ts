import crypto from 'node:crypto';
import { MESSAGES } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusinessWithAdmin } from '../../src/modules/business/business.service.js';
import { createSignedInUser, createUser, post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ accessToken: token } = await createSignedInUser(t));
});
afterAll(() => t.close());

const NOT_SIGNED_IN = { message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' };

async function businessWithAdmin(name: string) {
  const admin = await createBusinessWithAdmin(t.deps, {
    businessName: name,
    email: `admin.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
    firstName: 'Ada',
    lastName: 'Admin',
  });
  // The operator-made admin has no password yet: a session is what the setup link would give.
  return { admin, token: await t.deps.accessTokens.sign({ userId: admin.id, sessionId: crypto.randomUUID() }) };
}

describe('/business/get_by_user', () => {
  it("answers 404 'business not found' for a self-signed-up user", async () => {
    const res = await post(t, '/business/get_by_user', {}, { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'business not found', code: 'BUSINESS_NOT_FOUND' });
  });

  it("answers the admin's business with its name and the count of active users", async () => {
    const { admin, token: adminToken } = await businessWithAdmin('Summit Payroll Partners');
    const res = await post(t, '/business/get_by_user', { user_id: admin.id }, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ businessId: admin.businessId, name: 'Summit Payroll Partners', totalCount: 1 });
  });

  it('counts the users of the business who are active, not those whose deletion was requested nor other businesses', async () => {
    const { admin, token: adminToken } = await businessWithAdmin('Harbor Commercial Insurance');
    const other = await businessWithAdmin('Other Co');
    const member = await createUser(t, { businessId: admin.businessId });
    await createUser(t, { businessId: admin.businessId });
    await createUser(t, { businessId: admin.businessId, deletionRequestedAt: new Date('2026-11-01T00:00:00Z') });
    await createUser(t, { businessId: other.admin.businessId });

    const res = await post(t, '/business/get_by_user', {}, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ businessId: admin.businessId, totalCount: 3 });

    // A SALES member of the business reads the same business.
    const memberToken = await t.deps.accessTokens.sign({ userId: member.id, sessionId: crypto.randomUUID() });
    const asMember = await post(t, '/business/get_by_user', {}, { token: memberToken });
    expect(asMember.body).toEqual(res.body);

    // Asking for deletion takes a user out of the count at once.
    expect((await post(t, '/user/schedule_delete', {}, { token: memberToken })).status).toBe(200);
    expect((await post(t, '/business/get_by_user', {}, { token: adminToken })).body.totalCount).toBe(2);
  });

  it("answers 403 when the caller asks for another user's business", async () => {
    const { admin } = await businessWithAdmin('Someone Else Inc');
    const res = await post(t, '/business/get_by_user', { user_id: admin.id }, { token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES.notAllowed, code: 'FORBIDDEN' });
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await post(t, '/business/get_by_user', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_SIGNED_IN);
  });
});

describe('lookup lists', () => {
  it('/target/list answers the seeded target industries, by name', async () => {
    const res = await post(t, '/target/list', {}, { token });
    expect(res.status).toBe(200);
    expect(res.body.targets.map((x: { target: string }) => x.target)).toEqual([
      'Accounting',
      'Agriculture',
      'Automotive',
      'Banking & Financial Services',
      'Construction',
      'Education',
      'Energy & Utilities',
      'Government',
      'Healthcare',
      'Hospitality',
      'Insurance',
      'Legal Services',
      'Logistics & Transportation',
      'Manufacturing',
      'Media & Entertainment',
      'Non-profit',
      'Real Estate',
      'Retail',
      'Technology & Software',
      'Telecommunications',
    ]);
    for (const item of res.body.targets)
      expect(item).toEqual({ targetId: expect.any(Number), target: expect.any(String) });
  });

  it('/product/category/list answers the seeded categories, by name', async () => {
    const res = await post(t, '/product/category/list', {}, { token });
    expect(res.status).toBe(200);
    expect(res.body.categories.map((c: { subcategory: string }) => c.subcategory)).toEqual([
      'Business Services',
      'Facilities & Equipment',
      'Financial Products',
      'Marketing & Advertising',
      'Real Estate',
      'Technology',
    ]);
    for (const item of res.body.categories) {
      expect(item).toEqual({ subcategoryId: expect.any(Number), subcategory: expect.any(String) });
    }
  });

  it('/product/list answers every product, and only those of one category when subcategory_id is given', async () => {
    const all = await post(t, '/product/list', {}, { token });
    expect(all.status).toBe(200);
    expect(all.body.products).toHaveLength(23);
    expect(all.body.products).toContainEqual({
      productId: expect.any(Number),
      product: 'Merchant Services',
      subcategoryId: expect.any(Number),
    });

    const categories = (await post(t, '/product/category/list', {}, { token })).body.categories as {
      subcategoryId: number;
      subcategory: string;
    }[];
    const technology = categories.find((c) => c.subcategory === 'Technology')!;
    const res = await post(t, '/product/list', { subcategory_id: technology.subcategoryId }, { token });
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(
      ['Cloud Software (SaaS)', 'Cybersecurity', 'Managed IT Services', 'Telephony & VoIP'].map((product) => ({
        productId: expect.any(Number),
        product,
        subcategoryId: technology.subcategoryId,
      })),
    );
    // Every product belongs to one of the listed categories.
    const ids = new Set(categories.map((c) => c.subcategoryId));
    for (const p of all.body.products) expect(ids.has(p.subcategoryId)).toBe(true);
  });

  it('/product/list answers an empty list for a category that does not exist', async () => {
    const res = await post(t, '/product/list', { subcategory_id: 999_999 }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ products: [] });
  });

  it('/product/list takes an id as a number or as digits, and nothing else', async () => {
    const [first] = (await post(t, '/product/category/list', {}, { token })).body.categories;
    const asDigits = await post(t, '/product/list', { subcategory_id: String(first.subcategoryId) }, { token });
    expect(asDigits.status).toBe(200);
    expect(asDigits.body.products.length).toBeGreaterThan(0);
    for (const bad of [true, 1.5, -3, '', ' 7', '7e1', 0]) {
      expect((await post(t, '/product/list', { subcategory_id: bad }, { token })).status).toBe(400);
    }
  });

  it("/product/list answers 400 when subcategory_id is 'abc'", async () => {
    const res = await post(t, '/product/list', { subcategory_id: 'abc' }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Must be a number',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'subcategory_id', message: 'Must be a number' }],
    });
  });

  it.each(['/target/list', '/product/category/list', '/product/list'])(
    '%s answers 401 to an anonymous caller',
    async (path) => {
      const res = await post(t, path, {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NOT_SIGNED_IN);
    },
  );
});
