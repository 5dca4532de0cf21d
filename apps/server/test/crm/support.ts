import { eq } from 'drizzle-orm';
import { crmIntegrations, crmPushes, users } from '../../src/db/schema/index.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead } from '../leads.js';
import type { LocalCrm } from '../local-crm.js';
import type { TestApp } from '../test-app.js';

// A business with a CRM to send to: its ADMIN owns a group, a SALES member of the business joined it and took
// a lead of the admin's; a stranger (another business) stays outside.

export async function createCrmWorld(t: TestApp) {
  const { owner: admin, member, stranger, group } = await createGroupWithMembers(t);
  const [adminRow] = await t.db.select().from(users).where(eq(users.id, admin.userId));
  const businessId = adminRow!.businessId!;
  await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.userId));
  await t.db.update(users).set({ businessId, role: 'SALES' }).where(eq(users.id, member.userId));
  const lead = await insertLead(t, { groupId: group.groupId, createdBy: admin.userId, notes: 'Met at the expo.' });
  const taken = await post(
    t,
    '/lead/assign',
    { group_id: group.groupId, lead_id: lead.id, user_id: member.userId },
    { token: member.token },
  );
  if (taken.status !== 200) throw new Error(`lead/assign: ${taken.status} ${JSON.stringify(taken.body)}`);
  return { admin, member, stranger, businessId, group, lead };
}
export type CrmWorld = Awaited<ReturnType<typeof createCrmWorld>>;

/** The admin connects through the CRM's sign-in page, as the browser would. */
export async function connectCrm(
  t: TestApp,
  crm: LocalCrm,
  token: string,
  provider: 'SALESFORCE' | 'HUBSPOT' = 'SALESFORCE',
) {
  const start = await post(t, '/crm/connect/start', { provider }, { token });
  if (start.status !== 200) throw new Error(`connect/start: ${start.status} ${JSON.stringify(start.body)}`);
  const { code, state } = await crm.approve(start.body.url);
  return post(t, '/crm/connect/finish', { provider, code, state }, { token });
}

export async function pushOf(t: TestApp, leadId: number) {
  const [row] = await t.db.select().from(crmPushes).where(eq(crmPushes.leadId, leadId));
  return row;
}

export async function integrationOf(t: TestApp, businessId: number) {
  const [row] = await t.db.select().from(crmIntegrations).where(eq(crmIntegrations.businessId, businessId));
  return row;
}
