import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createGroup, createPayingUser } from '../groups.js';
import { post } from '../helpers.js';
import { leadPayload } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Text is text: a control character is a 400 that names the field, never a database error.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('text fields', () => {
  it('refuse NUL in a public call with 400 naming the field, and create nothing', async () => {
    const email = 'nul.signup@example.com';
    const res = await post(t, '/user/email_signup', {
      first_name: 'a\u0000b',
      last_name: 'Person',
      email,
      password: 'Correct-Horse-9',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'The field "first_name" must not contain control characters.',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'first_name', message: 'Must not contain control characters' }],
    });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('allow line breaks in notes, refuse them in a name, and refuse a LinkedIn link that is not http(s)', async () => {
    const owner = await createPayingUser(t);
    const group = await createGroup(t, owner.token);
    const create = (lead: Record<string, unknown>) =>
      post(t, '/lead/create', { group_id: group.groupId, lead: leadPayload(lead) }, { token: owner.token });

    expect((await create({ notes: 'First line\nsecond line\tindented' })).status).toBe(200);
    const named = await create({ company: 'Acme\nInc' });
    expect(named.status).toBe(400);
    expect(named.body.message).toBe('The field "lead.company" must be a single line.');
    const script = await create({ linkedin: 'javascript:alert(1)//linkedin.com/in/x' });
    expect(script.status).toBe(400);
    expect(script.body.message).toBe("LinkedIn profile should be in 'linkedin.com/in/profile' format");
    for (const value of ['\u0000', '\u001b[31m', 'x\u007f']) {
      const res = await create({ notes: value });
      expect(res.status, JSON.stringify(value)).toBe(400);
    }
  });
});
