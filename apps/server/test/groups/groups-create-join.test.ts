import { GROUP_MESSAGES } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups } from '../../src/db/schema/index.js';
import { verifyPassword } from '../../src/lib/passwords.js';
import { createGroup, createPayingUser, GROUP_CODE, lookupIds } from '../groups.js';
import { createSignedInUser, post, signIn } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const groupRow = async (id: number) => (await t.db.select().from(groups).where(eq(groups.id, id)))[0];
const membersOf = (id: number) => t.db.select().from(groupMembers).where(eq(groupMembers.groupId, id));

describe('/group/verify_exists', () => {
  it('answers whether a group has the name, whatever the letter case', async () => {
    const owner = await createPayingUser(t);
    const group = await createGroup(t, owner.token, { name: 'Bay Area Closers' });
    expect(group.name).toBe('Bay Area Closers');
    const taken = await post(t, '/group/verify_exists', { group_name: 'bay area CLOSERS' }, { token: owner.token });
    expect(taken).toMatchObject({ status: 200, body: { exists: true } });
    const free = await post(t, '/group/verify_exists', { group_name: 'Nobody Has This' }, { token: owner.token });
    expect(free).toMatchObject({ status: 200, body: { exists: false } });
  });

  it("answers 'Group name cannot be blank' to a blank name and 401 to a stranger", async () => {
    const { accessToken } = await createSignedInUser(t);
    const blank = await post(t, '/group/verify_exists', { group_name: '  ' }, { token: accessToken });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Group name cannot be blank');
    expect((await post(t, '/group/verify_exists', { group_name: 'x' })).status).toBe(401);
  });
});

describe('/group/create_private', () => {
  it('creates the group from the wizard payload: the caller is OWNER, the code is stored hashed', async () => {
    const owner = await createPayingUser(t, { firstName: 'Olive', lastName: 'Owner' });
    const { targetId, productId, productName } = await lookupIds(t, owner.token);
    const res = await post(
      t,
      '/group/create_private',
      { name: ' Wizard Group ', privateCode: 'secret-code', targetId, productId, groupType: 'PRIVATE' },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      groupId: expect.any(Number),
      name: 'Wizard Group',
      description: null,
      groupType: 'PRIVATE',
      createdBy: owner.user.id,
      ownerName: 'Olive Owner',
      targetId,
      productId,
      product: null,
      usersCount: 1,
      leadsCount: 0,
      isOwner: true,
      userRole: 'OWNER',
      myProduct: productName,
      followUpDays: 7,
    });
    const row = await groupRow(res.body.groupId);
    expect(row?.codeHash).not.toContain('secret-code');
    expect(await verifyPassword(row!.codeHash, 'secret-code')).toBe(true);
    expect(await membersOf(res.body.groupId)).toEqual([
      expect.objectContaining({ userId: owner.user.id, role: 'OWNER', product: productName, enableEmail: true }),
    ]);
  });

  it('accepts the pending snake-case form and the dialog form (name, description, product, group_type)', async () => {
    const owner = await createPayingUser(t);
    const { targetId, productId } = await lookupIds(t, owner.token);
    const pending = await post(
      t,
      '/group/create_private',
      {
        name: 'Pending Form',
        private_code: 'secret-code',
        target_id: targetId,
        product_id: productId,
        group_type: 'PRIVATE',
      },
      { token: owner.token },
    );
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ name: 'Pending Form', targetId, productId });

    const dialog = await post(
      t,
      '/group/create_private',
      { name: 'Dialog Form', description: 'Payroll sellers in Ohio', product: ' Payroll ', group_type: 'PRIVATE' },
      { token: owner.token },
    );
    expect(dialog.status).toBe(200);
    expect(dialog.body).toMatchObject({
      name: 'Dialog Form',
      description: 'Payroll sellers in Ohio',
      product: 'Payroll',
      myProduct: 'Payroll',
      targetId: null,
      productId: null,
    });
    // No code was sent: the group is joined by invitation only.
    expect((await groupRow(dialog.body.groupId))?.codeHash).toBeNull();
  });

  it("answers 409 'The group name you chose is already taken' and creates nothing", async () => {
    const owner = await createPayingUser(t);
    await createGroup(t, owner.token, { name: 'Taken Name' });
    const res = await post(
      t,
      '/group/create_private',
      { name: 'TAKEN name', privateCode: GROUP_CODE },
      { token: owner.token },
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'GROUP_NAME_TAKEN', message: 'The group name you chose is already taken' });
  });

  it("answers the spec's messages to a blank name, a short code and a short description", async () => {
    const owner = await createPayingUser(t);
    const blank = await post(
      t,
      '/group/create_private',
      { name: ' ', privateCode: GROUP_CODE },
      { token: owner.token },
    );
    expect(blank).toMatchObject({ status: 400, body: { message: 'Group name is required' } });
    const short = await post(
      t,
      '/group/create_private',
      { name: 'Short Code', privateCode: '12345' },
      { token: owner.token },
    );
    expect(short).toMatchObject({ status: 400, body: { message: 'Group password must be at least 6 characters' } });
    const desc = await post(
      t,
      '/group/create_private',
      { name: 'Short Desc', description: 'ab' },
      { token: owner.token },
    );
    expect(desc).toMatchObject({ status: 400, body: { message: 'Must be at least 3 characters long' } });
    const long = await post(t, '/group/create_private', { name: 'x'.repeat(41) }, { token: owner.token });
    expect(long).toMatchObject({ status: 400, body: { message: 'Must be less than 40 characters long' } });
    const product = await post(
      t,
      '/group/create_private',
      { name: 'Bad Product', productId: 999999 },
      { token: owner.token },
    );
    expect(product).toMatchObject({ status: 422, body: { code: 'PRODUCT_NOT_FOUND' } });
    const rows = await t.db.select().from(groups).where(eq(groups.createdBy, owner.user.id));
    expect(rows).toEqual([]);
  });

  it('answers 422 PAYMENT_METHOD_REQUIRED without a payment method, and 401 to a stranger', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const res = await post(
      t,
      '/group/create_private',
      { name: 'No Card Group', privateCode: GROUP_CODE },
      { token: accessToken },
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'PAYMENT_METHOD_REQUIRED', message: GROUP_MESSAGES.paymentMethodRequired });
    expect(await t.db.select().from(groups).where(eq(groups.createdBy, user.id))).toEqual([]);
    expect((await post(t, '/group/create_private', { name: 'Anon' })).status).toBe(401);
  });
});

describe('/group/add', () => {
  it('joins with the group name and password as MEMBER, with the chosen product', async () => {
    const owner = await createPayingUser(t, { firstName: 'Olga', lastName: 'Lead' });
    const group = await createGroup(t, owner.token);
    const joiner = await createPayingUser(t);
    const { productId, productName } = await lookupIds(t, joiner.token);
    const res = await post(
      t,
      '/group/add',
      { groupName: group.name.toUpperCase(), privateCode: GROUP_CODE, product_id: productId },
      { token: joiner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      groupId: group.groupId,
      ownerName: 'Olga Lead',
      usersCount: 2,
      isOwner: false,
      userRole: 'MEMBER',
      myProduct: productName,
    });
    // The camel-case productId is accepted too; a second join is refused.
    const again = await post(
      t,
      '/group/add',
      { groupName: group.name, privateCode: GROUP_CODE, productId },
      { token: joiner.token },
    );
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'GROUP_ALREADY_MEMBER', message: GROUP_MESSAGES.alreadyMember },
    });
  });

  it('answers 400 to a wrong password or an unknown group, then 429 after 5 wrong tries for that group', async () => {
    const owner = await createPayingUser(t);
    const group = await createGroup(t, owner.token);
    const other = await createGroup(t, owner.token);
    const joiner = await createPayingUser(t);
    const unknown = await post(
      t,
      '/group/add',
      { groupName: 'No Such Group', privateCode: GROUP_CODE },
      { token: joiner.token },
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'GROUP_CREDENTIALS_INVALID', message: GROUP_MESSAGES.wrongPassword },
    });
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(
        t,
        '/group/add',
        { groupName: group.name, privateCode: 'wrong-code' },
        { token: joiner.token },
      );
      expect(wrong).toMatchObject({ status: 400, body: { message: 'The group name or password is incorrect.' } });
    }
    // Locked out of this group, even with the right password …
    const limited = await post(
      t,
      '/group/add',
      { groupName: group.name, privateCode: GROUP_CODE },
      { token: joiner.token },
    );
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(await membersOf(group.groupId)).toHaveLength(1);
    // … not out of another group, and another user is not locked out.
    const otherGroup = await post(
      t,
      '/group/add',
      { groupName: other.name, privateCode: GROUP_CODE },
      { token: joiner.token },
    );
    expect(otherGroup.status).toBe(200);
    const someoneElse = await createPayingUser(t);
    const fine = await post(
      t,
      '/group/add',
      { groupName: group.name, privateCode: GROUP_CODE },
      { token: someoneElse.token },
    );
    expect(fine.status).toBe(200);
    // The window passes.
    clock.advance(16 * 60_000);
    const { accessToken } = await signIn(t, joiner.user.email);
    const later = await post(
      t,
      '/group/add',
      { groupName: group.name, privateCode: GROUP_CODE },
      { token: accessToken },
    );
    expect(later.status).toBe(200);
  });

  it('cannot join a dialog-made group (no code) with any password', async () => {
    const owner = await createPayingUser(t);
    const dialog = await post(
      t,
      '/group/create_private',
      { name: 'Invite Only', description: 'By invitation' },
      { token: owner.token },
    );
    const joiner = await createPayingUser(t);
    const res = await post(
      t,
      '/group/add',
      { groupName: 'Invite Only', privateCode: 'anything' },
      { token: joiner.token },
    );
    expect(res.status).toBe(400);
    expect(await membersOf(dialog.body.groupId)).toHaveLength(1);
  });

  it("answers the join dialog's messages and the payment gate", async () => {
    const owner = await createPayingUser(t);
    const group = await createGroup(t, owner.token);
    const short = await post(t, '/group/add', { groupName: group.name, privateCode: '123' }, { token: owner.token });
    expect(short).toMatchObject({ status: 400, body: { message: 'Must be at least 6 characters long' } });
    const missing = await post(t, '/group/add', { privateCode: GROUP_CODE }, { token: owner.token });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Field is required' } });
    const long = await post(
      t,
      '/group/add',
      { groupName: 'x'.repeat(101), privateCode: GROUP_CODE },
      { token: owner.token },
    );
    expect(long).toMatchObject({ status: 400, body: { message: "Can't be longer than 100 characters long" } });

    const { accessToken } = await createSignedInUser(t);
    const noCard = await post(
      t,
      '/group/add',
      { groupName: group.name, privateCode: GROUP_CODE },
      { token: accessToken },
    );
    expect(noCard).toMatchObject({ status: 422, body: { code: 'PAYMENT_METHOD_REQUIRED' } });
    expect(await membersOf(group.groupId)).toHaveLength(1);
    expect((await post(t, '/group/add', { groupName: group.name, privateCode: GROUP_CODE })).status).toBe(401);
  });
});
