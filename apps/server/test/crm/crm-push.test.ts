import { SERVER_EVENTS } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadOutcomeSteps, leads } from '../../src/db/schema/index.js';
import { processDuePushes, processPush, runCrmSweep, syncCrmStatuses } from '../../src/modules/crm/crm-push.service.js';
import { createUser, post } from '../helpers.js';
import { notMember } from '../leads.js';
import { HUBSPOT_PRIVATE_TOKEN, type LocalCrm, startLocalCrm } from '../local-crm.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';
import { connectCrm, createCrmWorld, integrationOf, pushOf } from './support.js';

// Sending a lead to the business's CRM and reading back what became of it, against a local Salesforce and
// HubSpot. The push task is run here as the job queue runs it (processPush / the sweep).

let crm: LocalCrm;
let t: TestApp;
const clock = createTestClock();
beforeAll(async () => {
  crm = await startLocalCrm();
  t = await createTestApp({ clock, env: { ...crm.env, OUTBOUND_TIMEOUT_MS: '1000' } });
});
afterAll(async () => {
  await t?.close();
  await crm?.close();
});

async function connectedWorld() {
  const w = await createCrmWorld(t);
  const connected = await connectCrm(t, crm, w.admin.token);
  if (connected.status !== 200) throw new Error(`connect: ${connected.status} ${JSON.stringify(connected.body)}`);
  return w;
}
const send = (token: string, leadId: number) => post(t, '/crm/lead/send', { lead_id: leadId }, { token });
const sfLeadsNamed = (lastName: string) =>
  [...crm.salesforceLeads.values()].filter((l) => l.fields.LastName === lastName);

describe('sending a lead to Salesforce', () => {
  it('creates one Salesforce Lead with the fields and a link back, shown on the lead live', async () => {
    const w = await connectedWorld();
    // A colleague of the same business outside the lead's group.
    const colleague = await createUser(t, { businessId: w.businessId, role: 'SALES' });
    const before = await post(t, '/crm/lead/get', { lead_id: w.lead.id }, { token: w.member.token });
    expect(before.body).toEqual({ leadId: w.lead.id, provider: 'SALESFORCE', push: null });
    const res = await send(w.member.token, w.lead.id);
    expect(res.status).toBe(200);
    expect(res.body.push).toMatchObject({ state: 'SENDING', recordUrl: null });
    const push = await pushOf(t, w.lead.id);
    await processPush(t.deps, push!.id);
    const [record] = sfLeadsNamed(w.lead.lastName);
    expect(record?.fields).toMatchObject({
      FirstName: 'Robin',
      LastName: w.lead.lastName,
      Company: 'Contoso Logistics',
      Title: 'Operations Director',
      Email: w.lead.email,
      Street: '1 Market Street',
      City: 'San Francisco',
      State: 'CA',
      PostalCode: '94105',
      Country: 'US',
      LeadSource: 'LeadCircle',
    });
    expect(record?.fields.Description).toContain('Met at the expo.');
    expect(record?.fields.Description).toContain(`http://localhost:3000/groups/${w.group.groupId}/leads/${w.lead.id}`);
    const after = await post(t, '/crm/lead/get', { lead_id: w.lead.id }, { token: w.member.token });
    expect(after.body.push).toMatchObject({
      state: 'SENT',
      recordUrl: `${crm.url}/lightning/r/Lead/${record!.Id}/view`,
      sentAt: clock.now().toISOString(),
      error: null,
    });
    const events = t.realtime.events.filter(
      (e) => e.event === SERVER_EVENTS.crmLead && (e.data as { leadId: number }).leadId === w.lead.id,
    );
    expect(events.map((e) => (e.data as { push: { state: string } }).push.state)).toEqual(['SENDING', 'SENT']);
    // Only the people of the business who may see the lead (its group's members) hear of it: not a colleague
    // outside the group, not the group's members from elsewhere.
    for (const event of events) {
      expect([...event.rooms].sort()).toEqual([`user:${w.admin.userId}`, `user:${w.member.userId}`].sort());
      expect(event.rooms).not.toContain(`user:${colleague.id}`);
    }
  });

  it('sending again, or after an edit, updates the same record; a record deleted in Salesforce is created again', async () => {
    const w = await connectedWorld();
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
    // The lead's owner edits it: the sweep sends it again, to the same record.
    clock.advance(1000);
    const edit = await post(
      t,
      '/lead/update',
      {
        lead_id: w.lead.id,
        group_id: w.group.groupId,
        first_name: 'Robin',
        last_name: w.lead.lastName,
        title: 'VP Operations',
        company: 'Contoso Logistics',
        email: w.lead.email,
        notes: 'Met at the expo.',
        address: { street_one: '1 Market Street', city: 'San Francisco', state_abbrv: 'CA', postal: '94105' },
      },
      { token: w.admin.token },
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await runCrmSweep(t.deps);
    const [record] = sfLeadsNamed(w.lead.lastName);
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
    expect(record?.fields.Title).toBe('VP Operations');
    // Deleted in Salesforce: the next send creates it again and keeps the new id.
    crm.salesforceLeads.delete(record!.Id);
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    const [again] = sfLeadsNamed(w.lead.lastName);
    expect(again?.Id).not.toBe(record!.Id);
    expect((await pushOf(t, w.lead.id))?.recordId).toBe(again!.Id);
  });

  it('two clicks and two instances at once make one record', async () => {
    const w = await connectedWorld();
    const [a, b] = await Promise.all([send(w.member.token, w.lead.id), send(w.member.token, w.lead.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const push = await pushOf(t, w.lead.id);
    await Promise.all([processPush(t.deps, push!.id), processPush(t.deps, push!.id), processDuePushes(t.deps)]);
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
    expect((await pushOf(t, w.lead.id))?.state).toBe('SENT');
  });

  it('a push whose row another statement holds for a moment (a second click) is still sent by its task', async () => {
    const w = await connectedWorld();
    expect((await send(w.member.token, w.lead.id)).status).toBe(200);
    const push = await pushOf(t, w.lead.id);
    // Another connection holds the row, as a second send's claim does while it checks the row is SENDING.
    const other = await t.pool.connect();
    try {
      await other.query('begin');
      await other.query('select id from crm_pushes where id = $1 for update', [push!.id]);
      const task = processPush(t.deps, push!.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query('commit');
      await task;
    } finally {
      other.release();
    }
    expect((await pushOf(t, w.lead.id))?.state).toBe('SENT');
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
  });

  it('refreshes a spent access token and tries once more', async () => {
    const w = await connectedWorld();
    crm.expireAccessTokens();
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    expect((await pushOf(t, w.lead.id))?.state).toBe('SENT');
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
  });

  it('a revoked refresh token: the connection needs a reconnect, pushes wait, and go after reconnecting', async () => {
    const w = await connectedWorld();
    crm.expireAccessTokens();
    crm.revokeRefreshTokens();
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    expect((await pushOf(t, w.lead.id))?.state).toBe('WAITING');
    const page = await post(t, '/crm/connection/get', {}, { token: w.admin.token });
    expect(page.body.connection.status).toBe('RECONNECT_NEEDED');
    // Another send waits too, without a call.
    expect((await send(w.member.token, w.lead.id)).body.push.state).toBe('WAITING');
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(0);
    expect((await connectCrm(t, crm, w.admin.token)).status).toBe(200);
    await processDuePushes(t.deps);
    expect((await pushOf(t, w.lead.id))?.state).toBe('SENT');
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
  });

  it('429 with Retry-After, then success: tried again when Salesforce said, one record', async () => {
    const w = await connectedWorld();
    crm.misbehave({ status: 429, retryAfter: '120' });
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    const waiting = await pushOf(t, w.lead.id);
    expect(waiting).toMatchObject({ state: 'SENDING', attempts: 1, error: 'Busy' });
    expect(waiting!.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(120_000);
    await processDuePushes(t.deps);
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(0);
    clock.advance(120_000);
    await processDuePushes(t.deps);
    expect((await pushOf(t, w.lead.id))?.state).toBe('SENT');
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
  });

  it('a 5xx for a day fails the push', async () => {
    const w = await connectedWorld();
    crm.misbehave(...Array.from({ length: 40 }, () => ({ status: 503 })));
    await send(w.member.token, w.lead.id);
    for (let i = 0; i < 40 && (await pushOf(t, w.lead.id))?.state === 'SENDING'; i += 1) {
      await processDuePushes(t.deps);
      clock.advance(3_600_000);
    }
    crm.misbehave(); // what is left of the queue is cleared below
    const failed = await pushOf(t, w.lead.id);
    expect(failed?.state).toBe('FAILED');
    expect(failed?.error).toContain('for a day');
    await drainMisbehaviour();
  });

  it('a refusal (a validation rule) fails the push, shown in Salesforce words', async () => {
    const w = await connectedWorld();
    await t.db.update(leads).set({ email: 'refused@example.com' }).where(eq(leads.id, w.lead.id));
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    const refused = await post(t, '/crm/lead/get', { lead_id: w.lead.id }, { token: w.member.token });
    expect(refused.body.push, JSON.stringify(refused.body)).toMatchObject({
      state: 'FAILED',
      error: 'Leads from this domain are not accepted.',
    });
  });
});

/** Empties the local CRM's queue of misbehaviours with harmless calls. */
async function drainMisbehaviour() {
  for (let i = 0; i < 50; i += 1) {
    const res = await fetch(`${crm.url}/services/oauth2/userinfo`);
    if (res.status === 401) break;
  }
}

describe('refusals', () => {
  it('refuses a member whose business has no CRM, a stranger and a non-member', async () => {
    const w = await createCrmWorld(t);
    expect(await send(w.member.token, w.lead.id)).toMatchObject({ status: 409, body: { code: 'CRM_NOT_CONNECTED' } });
    expect(
      (await post(t, '/crm/lead/get', { lead_id: w.lead.id }, { token: w.member.token })).body.provider,
    ).toBeNull();
    const connected = await connectedWorld();
    for (const token of [w.stranger.token, w.admin.token]) {
      // Not members of the connected world's group (an admin of another business included).
      expect(await send(token, connected.lead.id)).toMatchObject({ status: 403, body: notMember });
      expect(await post(t, '/crm/lead/get', { lead_id: connected.lead.id }, { token })).toMatchObject({
        status: 403,
        body: notMember,
      });
    }
    expect((await send('', connected.lead.id)).status).toBe(401);
    expect(await pushOf(t, connected.lead.id)).toBeUndefined();
  });
});

describe('sending every lead members take', () => {
  it('sends a lead taken after the switch went on, once', async () => {
    const w = await connectedWorld();
    clock.advance(1000);
    await post(t, '/crm/settings/update', { auto_send: true }, { token: w.admin.token });
    const { insertLead } = await import('../leads.js');
    const fresh = await insertLead(t, { groupId: w.group.groupId, createdBy: w.admin.userId });
    clock.advance(1000);
    await post(
      t,
      '/lead/assign',
      { group_id: w.group.groupId, lead_id: fresh.id, user_id: w.member.userId },
      { token: w.member.token },
    );
    await runCrmSweep(t.deps);
    await runCrmSweep(t.deps);
    expect(sfLeadsNamed(fresh.lastName)).toHaveLength(1);
    // The lead taken before the switch is not sent.
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(0);
    expect((await pushOf(t, fresh.id))?.sentBy).toBe(w.member.userId);
  });
});

describe('statuses back from the CRM', () => {
  it('records the matching outcome steps for the member who sent it, from Salesforce, Won with the amount', async () => {
    const w = await connectedWorld();
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    const record = sfLeadsNamed(w.lead.lastName)[0]!;
    record.Status = 'Working - Contacted';
    let res = await post(t, '/crm/sync', {}, { token: w.admin.token });
    expect(res).toMatchObject({ status: 200, body: { checked: 1, recorded: 1 } });
    // Nothing moved: nothing recorded.
    res = await post(t, '/crm/sync', {}, { token: w.admin.token });
    expect(res.body).toEqual({ checked: 1, recorded: 0 });
    record.IsConverted = true;
    record.Status = 'Closed - Converted';
    record.ConvertedOpportunityId = '006000000000001';
    crm.opportunities.set('006000000000001', { StageName: 'Closed Won', Amount: 12500 });
    await syncCrmStatuses(t.deps, (await integrationOf(t, w.businessId))!);
    const steps = await t.db.select().from(leadOutcomeSteps).where(eq(leadOutcomeSteps.leadId, w.lead.id));
    expect(
      steps.map((s) => [s.stage, s.userId, s.note, s.amountCents === null ? null : Number(s.amountCents)]),
    ).toEqual([
      ['CONTACTED', w.member.userId, 'from Salesforce', null],
      ['WON', w.member.userId, 'from Salesforce', 1_250_000],
    ]);
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, w.lead.id));
    expect(lead).toMatchObject({ outcomeStage: 'WON', wonAmountCents: 1_250_000, outcomeUnconfirmed: false });
  });

  it('a status read that fails says why, in a 4xx', async () => {
    const w = await connectedWorld();
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    crm.misbehave('html');
    const res = await post(t, '/crm/sync', {}, { token: w.admin.token });
    expect(res).toMatchObject({ status: 422, body: { code: 'CRM_UNAVAILABLE' } });
    expect(res.body.message).toContain('web page');
  });
});

describe('HubSpot', () => {
  it('creates a contact (upsert by e-mail), updates it by id, and reads its status back', async () => {
    const w = await createCrmWorld(t);
    expect(
      (await post(t, '/crm/connect/token', { token: HUBSPOT_PRIVATE_TOKEN }, { token: w.admin.token })).status,
    ).toBe(200);
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    const contacts = () => [...crm.contacts.entries()].filter(([, c]) => c.properties.lastname === w.lead.lastName);
    expect(contacts()).toHaveLength(1);
    const [id, contact] = contacts()[0]!;
    expect(contact.properties).toMatchObject({
      firstname: 'Robin',
      company: 'Contoso Logistics',
      jobtitle: 'Operations Director',
      email: w.lead.email,
      zip: '94105',
      hs_lead_status: 'NEW',
    });
    const state = await post(t, '/crm/lead/get', { lead_id: w.lead.id }, { token: w.member.token });
    expect(state.body).toMatchObject({
      provider: 'HUBSPOT',
      push: { state: 'SENT', recordUrl: `https://app.hubspot.com/contacts/4242/record/0-1/${id}` },
    });
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    expect(contacts()).toHaveLength(1);
    expect(crm.calls).toContain(`PATCH /hubspot/crm/v3/objects/contacts/${id}`);
    contact.properties.hs_lead_status = 'IN_PROGRESS';
    expect((await post(t, '/crm/sync', {}, { token: w.admin.token })).body).toEqual({ checked: 1, recorded: 1 });
    const steps = await t.db.select().from(leadOutcomeSteps).where(eq(leadOutcomeSteps.leadId, w.lead.id));
    expect(steps.map((s) => [s.stage, s.note])).toEqual([['MEETING', 'from HubSpot']]);
  });
});

describe('Salesforce upsert by an external id field', () => {
  async function upsertWorld() {
    const w = await connectedWorld();
    const set = await post(
      t,
      '/crm/settings/update',
      { external_id_field: 'LeadCircle_Id__c' },
      { token: w.admin.token },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return w;
  }
  const upsertPath = (leadId: number) => `PATCH /services/data/v59.0/sobjects/Lead/LeadCircle_Id__c/${leadId}`;

  it('creates the record once by the lead id, and a second send updates the same record', async () => {
    const w = await upsertWorld();
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    const [record] = sfLeadsNamed(w.lead.lastName);
    expect(record?.fields).toMatchObject({ LeadCircle_Id__c: String(w.lead.id), Company: 'Contoso Logistics' });
    expect(crm.calls).toContain(upsertPath(w.lead.id));
    expect(await pushOf(t, w.lead.id)).toMatchObject({ state: 'SENT', recordId: record!.Id });
    await send(w.member.token, w.lead.id);
    await processDuePushes(t.deps);
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
    // With the record id stored, the second send updates by that id as before.
    expect(crm.calls).toContain(`PATCH /services/data/v59.0/sobjects/Lead/${record!.Id}`);
    expect((await pushOf(t, w.lead.id))?.recordId).toBe(record!.Id);
  });

  it('finds a record made before (no id stored) by the lead id instead of creating another', async () => {
    const w = await upsertWorld();
    const existingId = '00Q00000000EXT1';
    crm.salesforceLeads.set(existingId, {
      Id: existingId,
      fields: { LastName: w.lead.lastName, Company: 'Old', LeadCircle_Id__c: String(w.lead.id) },
      Status: 'Open - Not Contacted',
      IsConverted: false,
      ConvertedOpportunityId: null,
    });
    // An older API answers an update with 204 and no id: the id is read back by the field.
    crm.upsertAnswersNoContent = true;
    try {
      await send(w.member.token, w.lead.id);
      await processDuePushes(t.deps);
    } finally {
      crm.upsertAnswersNoContent = false;
    }
    expect(sfLeadsNamed(w.lead.lastName)).toHaveLength(1);
    expect(crm.salesforceLeads.get(existingId)?.fields.Company).toBe('Contoso Logistics');
    expect(await pushOf(t, w.lead.id)).toMatchObject({
      state: 'SENT',
      recordId: existingId,
      recordUrl: `${crm.url}/lightning/r/Lead/${existingId}/view`,
    });
  });
});
