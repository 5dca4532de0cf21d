import { GROUP_TYPE_PRIVATE } from '@leadcircle/shared';
import { type APIRequestContext, expect } from '@playwright/test';
import { createConfirmedAccount } from './accounts.js';
import { subscribeThroughApi } from './billing.js';

/** Calls the API as a signed-in user and expects success. */
export async function callAs(request: APIRequestContext, accessToken: string, path: string, data: unknown = {}) {
  const response = await request.post(`/api${path}`, { headers: { authorization: `Bearer ${accessToken}` }, data });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json();
}

export async function signInThroughApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/user/login', { data: { email, password } });
  expect(response.ok(), `login answered ${response.status()}`).toBe(true);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return accessToken;
}

/** A confirmed account with a payment method and an active subscription, made through the API. */
export async function createPayingAccount(request: APIRequestContext, firstName: string) {
  const account = await createConfirmedAccount(request, firstName);
  const accessToken = await signInThroughApi(request, account.email, account.password);
  await subscribeThroughApi(request, accessToken, account.email);
  return { ...account, accessToken };
}

let sequence = 0;
/** A group name nobody has taken yet (names are unique). */
export function uniqueGroupName(prefix = 'Circle'): string {
  sequence += 1;
  return `${prefix} ${Date.now().toString(36)}${sequence}`;
}

/** A private group made through the API the way the wizard makes it; answers its id. */
export async function createGroupThroughApi(
  request: APIRequestContext,
  accessToken: string,
  group: { name: string; privateCode: string },
) {
  const { targets } = (await callAs(request, accessToken, '/target/list')) as { targets: Array<{ targetId: number }> };
  const { products } = (await callAs(request, accessToken, '/product/list')) as {
    products: Array<{ productId: number }>;
  };
  const created = (await callAs(request, accessToken, '/group/create_private', {
    name: group.name,
    privateCode: group.privateCode,
    targetId: targets[0]!.targetId,
    productId: products[0]!.productId,
    group_type: GROUP_TYPE_PRIVATE,
  })) as { groupId: number };
  return created.groupId;
}

/** A member joins a group with its name and password, through the API. */
export async function joinGroupThroughApi(
  request: APIRequestContext,
  accessToken: string,
  group: { name: string; privateCode: string },
) {
  await callAs(request, accessToken, '/group/add', { groupName: group.name, privateCode: group.privateCode });
}
