import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createGroup, createPayingUser } from '../groups.js';
import { post } from '../helpers.js';
import { IMPORT_HEADER, importLine, uploadFile } from '../lead-imports.js';
import { insertLead } from '../leads.js';
import { startSocialProviders } from '../social.js';
import { createTestApp } from '../test-app.js';
import { type Hints, parameterText, poisonedBodies, requestBodies } from './arbitraries.js';
import { listOperations, type Operation } from './openapi.js';

// Every call of the OpenAPI document, fed bodies built from its own schema and then broken (wrong
// types, control characters, huge strings, extreme numbers, prototype keys, missing and extra
// fields, no JSON at all), signed in where the call needs it. The property: never a 5xx, and every
// 4xx carries a message. Seeded: a failure prints FUZZ_SEED to replay it; FUZZ_RUNS sets the runs per call.

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const POISONED_RUNS = Number(process.env.FUZZ_POISONED_RUNS ?? 30);
// About a minute for the whole suite on a small machine: each call stops after its share.
const TIME_PER_CALL_MS = Number(process.env.FUZZ_MS_PER_CALL ?? 700);
console.log(`fuzz: seed ${SEED}, ${RUNS} runs per call (replay with FUZZ_SEED=${SEED})`);

// Google, Apple and LinkedIn configured, as local OpenID providers: the sign-in calls do their real work.
const social = await startSocialProviders();
const t = await createTestApp({ env: social.env });
afterAll(async () => {
  await t.close();
  await social.close();
});
const operations = listOperations(t.app);

interface Fixture {
  token: string;
  hints: Hints;
}

/** A paying member with a group, a lead in it and the lead's room: ids the bodies use. */
async function createFixture(): Promise<Fixture> {
  const user = await createPayingUser(t);
  const group = await createGroup(t, user.token);
  const lead = await insertLead(t, { groupId: group.groupId, createdBy: user.userId });
  // A draft CSV import of the member's, so the import calls reach their rules.
  const draft = await uploadFile(t, user.token, {
    group_id: group.groupId,
    data: `${IMPORT_HEADER}\n${importLine()}\n`,
  });
  if (draft.status !== 200) throw new Error(`lead/import/upload: ${draft.status}`);
  const importId = draft.body!.import.importId;
  const idsByField = {
    import_id: [importId],
    user_id: [user.userId],
    user_ids: [user.userId],
    filter_ids: [user.userId],
    group_id: [group.groupId],
    ids: [group.groupId],
    search_ids: [group.groupId],
    lead_id: [lead.id],
    id: [lead.id],
    room_id: [lead.roomId],
  };
  return {
    token: user.token,
    hints: { ids: [user.userId, group.groupId, lead.id, lead.roomId, importId], idsByField },
  };
}

let fixture: Fixture | undefined;
/** The fixture, made again when an earlier call deleted the account, the group or the lead. */
async function liveFixture(): Promise<Fixture> {
  if (fixture) {
    const [, groupId, leadId] = fixture.hints.ids;
    const checks = await Promise.all([
      post(t, '/user/get', {}, { token: fixture.token }),
      post(t, '/group/get', { group_id: groupId }, { token: fixture.token }),
      post(t, '/lead/get', { lead_id: leadId }, { token: fixture.token }),
    ]);
    if (checks.every((c) => c.status === 200)) return fixture;
  }
  fixture = await createFixture();
  return fixture;
}

function hashOf(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'multipart/form-data; boundary=x',
  'text/plain',
];

function requestsOf(op: Operation, hints: Hints, poisoned = false) {
  const path = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, parameterText(p.schema, hints, p.name)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.record(
    Object.fromEntries(op.queryParams.map((p) => [p.name, parameterText(p.schema, hints, p.name)])),
    { requiredKeys: op.queryParams.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, string>>;
  const bodies = poisoned ? poisonedBodies : requestBodies;
  const body = op.method === 'GET' ? fc.constant(undefined) : bodies(op.body, hints);
  const contentType = poisoned
    ? fc.constant(CONTENT_TYPES[0]!)
    : op.bodyUndocumented
      ? fc.constantFrom(...CONTENT_TYPES)
      : fc.oneof({ weight: 12, arbitrary: fc.constant(CONTENT_TYPES[0]!) }, fc.constantFrom(...CONTENT_TYPES));
  return fc
    .record({ path, query, body, contentType })
    .map(({ path: params, query: q, body: payload, contentType: type }) => {
      const url =
        op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'x') +
        (Object.keys(q).length
          ? `?${Object.entries(q)
              .map(([k, v]) => `${k}=${v}`)
              .join('&')}`
          : '');
      return { url, payload, contentType: type };
    });
}

let address = 0;
async function send(op: Operation, token: string, request: { url: string; payload?: string; contentType: string }) {
  address += 1;
  const res = await t.app.inject({
    method: op.method,
    url: request.url,
    ...(request.payload !== undefined && { payload: request.payload }),
    // A different address each time, so per-address limits do not hide the calls' own answers.
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    headers: {
      ...(request.payload !== undefined && { 'content-type': request.contentType }),
      ...(op.auth && { authorization: `Bearer ${token}` }),
    },
  });
  return res;
}

function check(status: number, body: string): void {
  if (status >= 500) throw new Error(`answered ${status}: ${body.slice(0, 300)}`);
  if (status >= 400 && status !== 405) {
    let parsed: { message?: unknown };
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new Error(`answered ${status} without a JSON body: ${body.slice(0, 300)}`);
    }
    if (typeof parsed.message !== 'string' || parsed.message.trim() === '') {
      throw new Error(`answered ${status} without a message: ${body.slice(0, 300)}`);
    }
  }
}

describe(`every call of the OpenAPI document (fuzz seed ${SEED})`, () => {
  it('lists the calls', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  for (const op of operations) {
    it(`${op.key}: never a 5xx, and a 4xx carries a message`, async () => {
      const { token, hints } = await liveFixture();
      const property = (poisoned: boolean) =>
        fc.asyncProperty(requestsOf(op, hints, poisoned), async (request) => {
          const res = await send(op, token, request);
          check(res.statusCode, res.body);
        });
      try {
        // Valid bodies with one control character: refused at once when the text rule holds.
        if (op.body) {
          await fc.assert(property(true), {
            seed: SEED ^ hashOf(`poisoned ${op.key}`),
            numRuns: POISONED_RUNS,
            interruptAfterTimeLimit: 3 * TIME_PER_CALL_MS,
            endOnFailure: true,
          });
        }
        await fc.assert(property(false), {
          seed: SEED ^ hashOf(op.key),
          numRuns: RUNS,
          interruptAfterTimeLimit: TIME_PER_CALL_MS,
          endOnFailure: true,
        });
      } catch (error) {
        const cause = (error as Error).cause;
        const text = `${cause instanceof Error ? `${cause.message}\n` : ''}${String((error as Error).message)}`;
        throw new Error(
          `${op.key} failed. Replay: FUZZ_SEED=${SEED} npx vitest run apps/server/test/reliability/fuzz.test.ts -t "${op.key}"\n${text.slice(0, 4000)}`,
        );
      }
      // No body may reach Object.prototype.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
});
