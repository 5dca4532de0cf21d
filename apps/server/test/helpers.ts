import { desc, eq } from 'drizzle-orm';
import { mailOutbox, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/passwords.js';
import type { NewUser } from '../src/modules/accounts/accounts.queries.js';
import { createUser as insertUser } from '../src/modules/accounts/accounts.service.js';
import type { TestApp } from './test-app.js';

export interface PostOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** POST /api<path> with a JSON body, as the web app sends it. */
export async function post(t: TestApp, path: string, body: unknown = {}, options: PostOptions = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
}

export const DEFAULT_PASSWORD = 'Correct-Horse-9';
let sequence = 0;

// argon2 costs tens of milliseconds per hash: factories hash each password once per file.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A confirmed SALES user with DEFAULT_PASSWORD unless overridden. */
export async function createUser(t: TestApp, overrides: Partial<NewUser> & { password?: string } = {}) {
  sequence += 1;
  const { password = DEFAULT_PASSWORD, ...values } = overrides;
  const user = await insertUser(t.db, {
    email: `user${sequence}.${Date.now()}@example.com`,
    firstName: 'Pat',
    lastName: `Seller${sequence}`,
    role: 'SALES',
    emailConfirmedAt: new Date('2026-01-01T00:00:00Z'),
    passwordHash: await cachedHash(password),
    ...values,
  });
  if (!user) throw new Error('factory: e-mail taken');
  return { ...user, password };
}

export async function signIn(t: TestApp, email: string, password = DEFAULT_PASSWORD) {
  const res = await post(t, '/user/login', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { accessToken: string; refreshToken: string; userId: number };
}

/** A confirmed user and a session for them. */
export async function createSignedInUser(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, overrides);
  const tokens = await signIn(t, user.email, user.password);
  return { user, ...tokens };
}

export async function mailsTo(t: TestApp, to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase())).orderBy(desc(mailOutbox.id));
}

/** The first link of the latest e-mail to an address, parsed. */
export async function latestLinkTo(t: TestApp, to: string): Promise<URL> {
  const [mail] = await mailsTo(t, to);
  const match = mail?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in the latest e-mail to ${to}`);
  return new URL(match[0]);
}

/** The stored row of a user, as the tests check what a call changed. */
export async function findUserRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Calls /user/email_confirmation_action/{token} with the token of an e-mailed link. */
export function useEmailLink(t: TestApp, link: URL, body: { action?: string; password?: string } = {}) {
  const token = link.searchParams.get('token') ?? '';
  return post(t, `/user/email_confirmation_action/${token}`, {
    token,
    action: link.searchParams.get('action'),
    ...body,
  });
}
