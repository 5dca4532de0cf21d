import { OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import { expect } from 'vitest';
import { createSignedInUser, latestLinkTo, post } from '../helpers.js';
import type { TestApp } from '../test-app.js';

// Factories shared by the opportunity tests: everything goes through the calls, as the web app makes them.

export const notFoundBody = { code: 'OPPORTUNITY_NOT_FOUND', message: OPPORTUNITY_MESSAGES.notFound };
export const ownerOnlyBody = { code: 'OPPORTUNITY_OWNER_ONLY', message: OPPORTUNITY_MESSAGES.ownerOnly };
export const contactNotFoundBody = { code: 'CONTACT_NOT_FOUND', message: OPPORTUNITY_MESSAGES.contactNotFound };

let sequence = 0;

export const address = {
  street_one: '1 Market Street',
  city: 'San Francisco',
  state_abbrv: 'CA',
  postal: '94105',
  latitude: 37.7936,
  longitude: -122.3958,
};

export function opportunityPayload(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Warehouse fit-out ${sequence}`,
    notes: 'Three sites, racking and forklifts.',
    address,
    ...overrides,
  };
}

export function contactPayload(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    first_name: 'Jordan',
    last_name: `Buyer${sequence}`,
    title: 'Facilities Manager',
    company: 'Contoso Logistics',
    email: `jordan${sequence}@contoso.example`,
    phone: '(415) 555-0123',
    notes: 'Prefers calls in the morning.',
    ...overrides,
  };
}

export async function createOpportunity(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await post(t, '/opportunity/set', opportunityPayload(overrides), { token });
  if (res.status !== 200) throw new Error(`opportunity/set: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { opportunityId: number; name: string; roomId: number };
}

export async function createContact(t: TestApp, token: string, opportunityId: number, overrides = {}) {
  const res = await post(
    t,
    '/opportunity/contact/set',
    { opportunity_id: opportunityId, ...contactPayload(overrides) },
    { token },
  );
  if (res.status !== 200) throw new Error(`contact/set: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { contactId: number; firstName: string; lastName: string; company: string; title: string };
}

/** Invites an address and answers the e-mailed link. */
export async function invite(t: TestApp, token: string, opportunityId: number, email: string) {
  const res = await post(t, '/opportunity/user/invite', { opportunity_id: opportunityId, email }, { token });
  expect(res).toMatchObject({ status: 200, body: { message: 'You have sent the invitation link successfully.' } });
  return latestLinkTo(t, email);
}

/** The four callers of the permission matrix: the owner with an opportunity, a shared user, a stranger. */
export async function createSharedOpportunity(t: TestApp) {
  const owner = await createSignedInUser(t);
  const shared = await createSignedInUser(t);
  const stranger = await createSignedInUser(t);
  const opportunity = await createOpportunity(t, owner.accessToken);
  const link = await invite(t, owner.accessToken, opportunity.opportunityId, shared.user.email);
  const accepted = await post(
    t,
    '/opportunity/user/invite_accept',
    { opportunity_id: opportunity.opportunityId, invite_code: link.searchParams.get('invite_code') },
    { token: shared.accessToken },
  );
  if (accepted.status !== 200) throw new Error(`invite_accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return {
    owner: { ...owner, token: owner.accessToken },
    shared: { ...shared, token: shared.accessToken },
    stranger: { ...stranger, token: stranger.accessToken },
    opportunity,
  };
}
