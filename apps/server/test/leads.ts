import { emailMatchKey, GROUP_MESSAGES, LEAD_MESSAGES } from '@leadcircle/shared';
import { chatRooms, leads } from '../src/db/schema/index.js';
import type { TestApp } from './test-app.js';

// Factories shared by the lead, rating and comment tests: rows straight into the database, so a test
// of one call does not depend on another. /lead/create itself is tested through HTTP.

// The refusals every lead, rating and comment call shares, as the error body carries them.
export const notMember = { code: 'GROUP_NOT_MEMBER', message: GROUP_MESSAGES.notMember };
export const leadNotFound = { code: 'LEAD_NOT_FOUND', message: LEAD_MESSAGES.notFound };
export const ownerOnly = { code: 'LEAD_OWNER_ONLY', message: LEAD_MESSAGES.ownerOnly };

let sequence = 0;

/** A valid /lead/create `lead` payload; override any field. */
export function leadPayload(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    lead_id: 0,
    first_name: 'Avery',
    last_name: `Buyer${sequence}`,
    title: 'Head of Procurement',
    company: 'Northwind Traders',
    email: `avery${sequence}@northwind.example`,
    phone: '(212) 555-0147',
    linkedin: 'linkedin.com/in/avery-buyer',
    notes: 'Met at the trade show; budget approved for Q3.',
    address: {
      street_one: '350 Fifth Avenue',
      street_two: 'Floor 21',
      city: 'New York',
      state_abbrv: 'NY',
      postal: '10118',
      latitude: 40.7484,
      longitude: -73.9857,
    },
    ...overrides,
  };
}

/** A lead row and its chat room, submitted by `createdBy` to `groupId`. */
export async function insertLead(
  t: TestApp,
  values: { groupId: number; createdBy: number } & Partial<typeof leads.$inferInsert>,
) {
  sequence += 1;
  const email = values.email === undefined ? `robin${sequence}@contoso.example` : values.email;
  return t.db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        firstName: 'Robin',
        lastName: `Prospect${sequence}`,
        title: 'Operations Director',
        company: 'Contoso Logistics',
        email,
        // The e-mail key as the app keeps it (the list's e-mail search reads it).
        emailKey: emailMatchKey(email),
        streetOne: '1 Market Street',
        city: 'San Francisco',
        stateAbbrv: 'CA',
        postal: '94105',
        latitude: 37.7936,
        longitude: -122.3958,
        ...values,
      })
      .returning();
    const [room] = await tx
      .insert(chatRooms)
      .values({ kind: 'LEAD', leadId: lead!.id, groupId: lead!.groupId })
      .returning();
    return { ...lead!, roomId: room!.id };
  });
}
