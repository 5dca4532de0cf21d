import { expect } from 'vitest';
import { post } from '../helpers.js';
import { leadPayload } from '../leads.js';
import type { LocalDevice } from '../local-push-service.js';
import type { TestApp } from '../test-app.js';

// Factories shared by the notification tests: everything goes through the calls, as the web app makes them.

/** Turns push on for a device of the local push service. */
export async function subscribe(t: TestApp, token: string, device: LocalDevice, label?: string) {
  const res = await post(t, '/push/subscribe', { endpoint: device.endpoint, keys: device.keys, label }, { token });
  expect(res.status).toBe(200);
  return res.body as { id: number; label: string };
}

export async function createLead(t: TestApp, token: string, groupId: number, overrides: Record<string, unknown> = {}) {
  const res = await post(t, '/lead/create', { group_id: groupId, lead: leadPayload(overrides) }, { token });
  expect(res.status).toBe(200);
  return res.body as { leadId: number };
}

/** The winner takes the lead and wins it ($12,000): its giver hears of it. */
export async function winLead(
  t: TestApp,
  winner: { token: string; user: { id: number } },
  groupId: number,
  leadId: number,
) {
  const take = await post(
    t,
    '/lead/assign',
    { group_id: groupId, lead_id: leadId, user_id: winner.user.id },
    { token: winner.token },
  );
  expect(take.status).toBe(200);
  const won = await post(
    t,
    '/lead/outcome/record',
    { lead_id: leadId, stage: 'WON', amount: 12000 },
    { token: winner.token },
  );
  expect(won.status).toBe(200);
}
