import { SERVER_EVENTS } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_TASKS } from '../../src/jobs/jobs.js';
import { type JobQueue, startJobQueue } from '../../src/jobs/queue.js';
import { tokenBoxOf } from '../../src/modules/crm/crm-link.js';
import type { CrmTokens } from '../../src/modules/crm/crm-provider.js';
import { post } from '../helpers.js';
import { type LocalCrm, startLocalCrm } from '../local-crm.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { connectCrm, createCrmWorld, integrationOf, pushOf } from './support.js';

// The push as the job queue runs it (graphile-worker in the test database), and what the logs never hold.

let crm: LocalCrm;
let t: TestApp;
let queue: JobQueue;
const logLines: string[] = [];
beforeAll(async () => {
  crm = await startLocalCrm();
  t = await createTestApp({
    env: { ...crm.env, LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  queue = await startJobQueue(t.deps, t.pool, [], ALL_TASKS);
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
  await crm?.close();
});

describe('the push task on the job queue', () => {
  it('sends the lead in the background once, the page hears it, and no token is ever logged', async () => {
    const w = await createCrmWorld(t);
    expect((await connectCrm(t, crm, w.admin.token)).status).toBe(200);
    const sent = await Promise.all([
      post(t, '/crm/lead/send', { lead_id: w.lead.id }, { token: w.member.token }),
      post(t, '/crm/lead/send', { lead_id: w.lead.id }, { token: w.member.token }),
    ]);
    expect(sent.map((s) => s.status)).toEqual([200, 200]);
    await vi.waitFor(async () => expect((await pushOf(t, w.lead.id))?.state).toBe('SENT'), {
      timeout: 20_000,
      interval: 100,
    });
    expect([...crm.salesforceLeads.values()].filter((l) => l.fields.LastName === w.lead.lastName)).toHaveLength(1);
    expect(
      t.realtime.events.some(
        (e) => e.event === SERVER_EVENTS.crmLead && (e.data as { push: { state: string } }).push.state === 'SENT',
      ),
    ).toBe(true);

    const row = await integrationOf(t, w.businessId);
    const tokens = tokenBoxOf(t.deps).open<CrmTokens>(row!.tokens!, 'tokens')!;
    const logs = logLines.join('\n');
    expect(logs).toContain('crm connected');
    expect(logs).not.toContain(tokens.accessToken);
    expect(logs).not.toContain(tokens.refreshToken!);
  });
});
