import { addCard } from './billing.js';
import { createSignedInUser, post } from './helpers.js';
import type { TestApp } from './test-app.js';

// Factories shared by the group tests.

export const GROUP_CODE = 'open-sesame-42';
let sequence = 0;

/** A signed-in user whose (personal) business has a card: the payment gate lets them through. */
export async function createPayingUser(t: TestApp, overrides: Parameters<typeof createSignedInUser>[1] = {}) {
  const signedIn = await createSignedInUser(t, overrides);
  const added = await addCard(t, signedIn.accessToken);
  if (added.status !== 200) throw new Error(`addCard: ${added.status} ${JSON.stringify(added.body)}`);
  return { ...signedIn, token: signedIn.accessToken };
}

export async function lookupIds(t: TestApp, token: string) {
  const targets = await post(t, '/target/list', {}, { token });
  const products = await post(t, '/product/list', {}, { token });
  return {
    targetId: targets.body.targets[0].targetId as number,
    productId: products.body.products[0].productId as number,
    productName: products.body.products[0].product as string,
  };
}

/** A group made through the wizard's payload by a paying owner. */
export async function createGroup(t: TestApp, ownerToken: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const { targetId, productId } = await lookupIds(t, ownerToken);
  const res = await post(
    t,
    '/group/create_private',
    {
      name: `Group ${sequence} ${Date.now() % 100000}`,
      privateCode: GROUP_CODE,
      targetId,
      productId,
      groupType: 'PRIVATE',
      ...overrides,
    },
    { token: ownerToken },
  );
  if (res.status !== 200) throw new Error(`create_private: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { groupId: number; name: string };
}

/** An owner with a group, a member who joined with the password, and a paying stranger. */
export async function createGroupWithMembers(t: TestApp) {
  const owner = await createPayingUser(t);
  const group = await createGroup(t, owner.token);
  const member = await createPayingUser(t);
  const joined = await post(
    t,
    '/group/add',
    { groupName: group.name, privateCode: GROUP_CODE },
    { token: member.token },
  );
  if (joined.status !== 200) throw new Error(`group/add: ${joined.status} ${JSON.stringify(joined.body)}`);
  const stranger = await createPayingUser(t);
  return { owner, member, stranger, group };
}
