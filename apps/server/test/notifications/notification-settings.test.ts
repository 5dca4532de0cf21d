import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { createSharedOpportunity } from '../opportunities/support.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setting = (service: string, serviceId: number) => ({
  delivery_method: 'EMAIL',
  service,
  service_id: serviceId,
  action: 'MESSAGES',
});
const get = (token: string, body: Record<string, unknown>) => post(t, '/notification/settings/get', body, { token });
const toggle = (token: string, body: Record<string, unknown>) =>
  post(t, '/notification/settings/toggle', body, { token });

describe('/notification/settings/get and /toggle', () => {
  it("a group's Messages switch: on by default, the same setting as /user/notification_settings", async () => {
    const x = await createGroupWithMembers(t);
    expect((await get(x.member.token, setting('GROUP', x.group.groupId))).body).toEqual({
      deliveryMethod: 'EMAIL',
      service: 'GROUP',
      serviceId: x.group.groupId,
      action: 'MESSAGES',
      toggledOn: true,
    });
    const off = await toggle(x.member.token, { ...setting('GROUP', x.group.groupId), toggled_on: false });
    expect(off).toMatchObject({ status: 200, body: { toggledOn: false } });
    expect((await get(x.member.token, setting('GROUP', x.group.groupId))).body.toggledOn).toBe(false);
    const spec = await post(t, '/user/notification_settings', { group_id: x.group.groupId }, { token: x.member.token });
    expect(spec.body).toEqual({ enableEmail: false });
    // Only the caller's own switch changed.
    expect((await get(x.owner.token, setting('GROUP', x.group.groupId))).body.toggledOn).toBe(true);
  });

  it("an opportunity's Messages switch is the one of its settings page", async () => {
    const x = await createSharedOpportunity(t);
    const id = x.opportunity.opportunityId;
    expect((await get(x.shared.token, setting('OPPORTUNITY', id))).body.toggledOn).toBe(true);
    await toggle(x.shared.token, { ...setting('OPPORTUNITY', id), toggled_on: false });
    const detail = await post(t, '/opportunity/get', { opportunity_id: id }, { token: x.shared.token });
    expect(detail.body.settings.messages).toBe(false);
    expect((await get(x.owner.token, setting('OPPORTUNITY', id))).body.toggledOn).toBe(true);
  });

  it('refuses a group (as every group call does) or an opportunity (as if it did not exist) the caller is not in', async () => {
    const x = await createGroupWithMembers(t);
    const o = await createSharedOpportunity(t);
    const group = await toggle(x.stranger.token, { ...setting('GROUP', x.group.groupId), toggled_on: false });
    expect(group).toMatchObject({ status: 403, body: { code: 'GROUP_NOT_MEMBER' } });
    expect((await get(x.owner.token, setting('GROUP', x.group.groupId))).body.toggledOn).toBe(true);
    const opp = await toggle(x.stranger.token, {
      ...setting('OPPORTUNITY', o.opportunity.opportunityId),
      toggled_on: false,
    });
    expect(opp).toMatchObject({ status: 404, body: { code: 'OPPORTUNITY_NOT_FOUND' } });
    expect((await get(o.owner.token, setting('OPPORTUNITY', o.opportunity.opportunityId))).body.toggledOn).toBe(true);
    expect([403, 404]).toContain((await get(x.owner.token, setting('GROUP', 999_999))).status);
  });

  it('refuses unknown delivery methods, services and actions with a clear message', async () => {
    const x = await createGroupWithMembers(t);
    const base = setting('GROUP', x.group.groupId);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, delivery_method: 'SMS' }, 'delivery_method must be EMAIL'],
      [{ ...base, service: 'LEAD' }, 'service must be GROUP or OPPORTUNITY'],
      [{ ...base, action: 'EVERYTHING' }, 'action must be MESSAGES'],
    ];
    for (const [body, message] of cases) {
      const res = await get(x.member.token, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const noFlag = await toggle(x.member.token, base);
    expect(noFlag.status).toBe(400);
    expect(JSON.stringify(noFlag.body)).toContain('toggled_on must be true or false');
    expect((await get(x.member.token, base)).body.toggledOn).toBe(true);
  });
});

describe('/user/update_notifications: new leads by e-mail', () => {
  it('on by default, as they arrive; daily or never by choice; not through a group’s call', async () => {
    const x = await createGroupWithMembers(t);
    const me = await post(t, '/user/get', { user_id: x.member.user.id }, { token: x.member.token });
    expect(me.body.notificationSetting).toEqual({ enableEmail: true, leadEmails: 'IMMEDIATE' });
    const daily = await post(
      t,
      '/user/update_notifications',
      { enableEmail: true, leadEmails: 'DAILY' },
      { token: x.member.token },
    );
    expect(daily.body.notificationSetting).toEqual({ enableEmail: true, leadEmails: 'DAILY' });
    const bad = await post(
      t,
      '/user/update_notifications',
      { enableEmail: true, leadEmails: 'HOURLY' },
      { token: x.member.token },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('leadEmails must be IMMEDIATE, DAILY or OFF');
    const viaGroup = await post(
      t,
      '/user/update_notifications',
      { group_id: x.group.groupId, enableEmail: true, leadEmails: 'OFF' },
      { token: x.member.token },
    );
    expect(viaGroup.status).toBe(400);
    const after = await post(t, '/user/get', { user_id: x.member.user.id }, { token: x.member.token });
    expect(after.body.notificationSetting).toEqual({ enableEmail: true, leadEmails: 'DAILY' });
  });
});
