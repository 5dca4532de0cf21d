import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, opportunityContacts } from '../../src/db/schema/index.js';
import { createSignedInUser, post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  contactNotFoundBody,
  contactPayload,
  createContact,
  createOpportunity,
  createSharedOpportunity,
  notFoundBody,
  ownerOnlyBody,
} from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const contactsOf = async (opportunityId: number) =>
  t.db.select().from(opportunityContacts).where(eq(opportunityContacts.opportunityId, opportunityId));

describe('/opportunity/contact/set', () => {
  it('lets the owner add a contact, its phone stored as digits', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const res = await post(
      t,
      '/opportunity/contact/set',
      { opportunity_id: opportunity.opportunityId, contact_id: 0, ...contactPayload({ first_name: ' Sam ' }) },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      opportunityId: opportunity.opportunityId,
      firstName: 'Sam',
      fullName: `Sam ${res.body.lastName}`,
      phone: '4155550123',
      linkedin: null,
    });
  });

  it('refuses the shared user (403), a stranger (404) and anonymous (401), adding nothing', async () => {
    const { shared, stranger, opportunity } = await createSharedOpportunity(t);
    const body = { opportunity_id: opportunity.opportunityId, ...contactPayload() };
    expect(await post(t, '/opportunity/contact/set', body, { token: shared.token })).toMatchObject({
      status: 403,
      body: ownerOnlyBody,
    });
    expect(await post(t, '/opportunity/contact/set', body, { token: stranger.token })).toMatchObject({
      status: 404,
      body: notFoundBody,
    });
    expect((await post(t, '/opportunity/contact/set', body)).status).toBe(401);
    expect(await contactsOf(opportunity.opportunityId)).toHaveLength(0);
  });

  it.each([
    ['first name missing', { first_name: undefined }, 'first_name', 'First name is required'],
    ['last name blank', { last_name: '  ' }, 'last_name', 'Last name is required'],
    ['company missing', { company: '' }, 'company', 'Company is required'],
    ['title missing', { title: '' }, 'title', 'Position is required'],
    ['first name over 50', { first_name: 'f'.repeat(51) }, 'first_name', 'Must be less than 50 characters'],
    ['e-mail invalid', { email: 'jordan@' }, 'email', 'Must be a valid email'],
    ['e-mail over 300', { email: `${'e'.repeat(300)}@x.example` }, 'email', 'Must be less than 300 characters'],
    ['phone invalid', { phone: '12' }, 'phone', 'Must be a valid phone number'],
    [
      'linkedin without /in/',
      { linkedin: 'example.com/jordan' },
      'linkedin',
      "LinkedIn profile should be in 'linkedin.com/in/profile' format",
    ],
    ['notes over 1000', { notes: 'n'.repeat(1001) }, 'notes', 'Must be less than 1000 characters'],
    [
      'no contact info',
      { email: '', phone: '', linkedin: '' },
      'email',
      'You must have one of phone, email or linkedin',
    ],
  ])('refuses %s with 400 and its message, adding nothing', async (_case, override, path, message) => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const res = await post(
      t,
      '/opportunity/contact/set',
      { opportunity_id: opportunity.opportunityId, ...contactPayload(), ...override },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await contactsOf(opportunity.opportunityId)).toHaveLength(0);
  });

  it('refuses an address field: contacts have none', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const res = await post(
      t,
      '/opportunity/contact/set',
      { opportunity_id: opportunity.opportunityId, ...contactPayload(), address: {} },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(400);
  });
});

describe('/opportunity/contact/list and /opportunity/contact/get', () => {
  it('answers the owner and the shared user; a stranger gets 404', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const contact = await createContact(t, owner.token, opportunity.opportunityId);
    const list = { opportunity_id: opportunity.opportunityId };
    for (const token of [owner.token, shared.token]) {
      const res = await post(t, '/opportunity/contact/list', list, { token });
      expect(res).toMatchObject({ status: 200, body: { totalCount: 1 } });
      expect(res.body.contacts[0].contactId).toBe(contact.contactId);
      const one = await post(t, '/opportunity/contact/get', { contact_id: contact.contactId }, { token });
      expect(one).toMatchObject({ status: 200, body: { contactId: contact.contactId } });
    }
    expect(await post(t, '/opportunity/contact/list', list, { token: stranger.token })).toMatchObject({
      status: 404,
      body: notFoundBody,
    });
    expect(
      await post(t, '/opportunity/contact/get', { contact_id: contact.contactId }, { token: stranger.token }),
    ).toMatchObject({ status: 404, body: contactNotFoundBody });
    expect(
      await post(t, '/opportunity/contact/get', { contact_id: 2_000_000_000 }, { token: owner.token }),
    ).toMatchObject({ status: 404, body: contactNotFoundBody });
    expect((await post(t, '/opportunity/contact/list', list)).status).toBe(401);
    expect((await post(t, '/opportunity/contact/get', { contact_id: contact.contactId })).status).toBe(401);
  });

  it('pages contacts 50 at a time, newest first', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    await t.db.insert(opportunityContacts).values(
      Array.from({ length: 51 }, (_, i) => ({
        opportunityId: opportunity.opportunityId,
        createdBy: owner.userId,
        firstName: `C${i}`,
        lastName: 'Bulk',
        title: 'T',
        company: 'Co',
        email: `c${i}@bulk.example`,
      })),
    );
    const first = await post(
      t,
      '/opportunity/contact/list',
      { opportunity_id: opportunity.opportunityId },
      { token: owner.accessToken },
    );
    expect(first.body.totalCount).toBe(51);
    expect(first.body.contacts).toHaveLength(50);
    expect(first.body.contacts[0].firstName).toBe('C50');
    const second = await post(
      t,
      '/opportunity/contact/list',
      { opportunity_id: opportunity.opportunityId, start_position: 50 },
      { token: owner.accessToken },
    );
    expect(second.body.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(['C0']);
  });
});

describe('/opportunity/contact/update', () => {
  it('lets the owner change contact info and notes', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const contact = await createContact(t, owner.accessToken, opportunity.opportunityId);
    const res = await post(
      t,
      '/opportunity/contact/update',
      {
        contact_id: contact.contactId,
        opportunity_id: opportunity.opportunityId,
        ...contactPayload({
          first_name: contact.firstName,
          last_name: contact.lastName,
          linkedin: 'linkedin.com/in/jordan',
          notes: 'Call after 10.',
        }),
      },
      { token: owner.accessToken },
    );
    expect(res).toMatchObject({ status: 200, body: { linkedin: 'linkedin.com/in/jordan', notes: 'Call after 10.' } });
  });

  it('keeps the names, company and title read-only, and contact info from being removed (422)', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const contact = await createContact(t, owner.accessToken, opportunity.opportunityId);
    const base = {
      contact_id: contact.contactId,
      opportunity_id: opportunity.opportunityId,
      ...contactPayload({ first_name: contact.firstName, last_name: contact.lastName }),
    };
    expect(
      await post(t, '/opportunity/contact/update', { ...base, company: 'Another Co' }, { token: owner.accessToken }),
    ).toMatchObject({ status: 422, body: { code: 'CONTACT_READ_ONLY' } });
    expect(
      await post(t, '/opportunity/contact/update', { ...base, phone: '' }, { token: owner.accessToken }),
    ).toMatchObject({
      status: 422,
      body: { code: 'CONTACT_INFO_KEPT', message: 'Contact info of a contact cannot be removed.' },
    });
    const [row] = await t.db.select().from(opportunityContacts).where(eq(opportunityContacts.id, contact.contactId));
    expect(row).toMatchObject({ company: 'Contoso Logistics', phone: '4155550123' });
  });

  it('refuses a contact of another opportunity named with this one’s id (404), a shared user (403), a stranger (404)', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const other = await createOpportunity(t, owner.token);
    const foreign = await createContact(t, owner.token, other.opportunityId);
    const own = await createContact(t, owner.token, opportunity.opportunityId);
    const change = (c: typeof own) => ({
      contact_id: c.contactId,
      opportunity_id: opportunity.opportunityId,
      ...contactPayload({ first_name: c.firstName, last_name: c.lastName, notes: 'Changed' }),
    });
    expect(await post(t, '/opportunity/contact/update', change(foreign), { token: owner.token })).toMatchObject({
      status: 404,
      body: contactNotFoundBody,
    });
    expect(await post(t, '/opportunity/contact/update', change(own), { token: shared.token })).toMatchObject({
      status: 403,
      body: ownerOnlyBody,
    });
    expect(await post(t, '/opportunity/contact/update', change(own), { token: stranger.token })).toMatchObject({
      status: 404,
      body: notFoundBody,
    });
    expect((await post(t, '/opportunity/contact/update', change(own))).status).toBe(401);
    const bad = await post(t, '/opportunity/contact/update', { ...change(own), email: 'bad' }, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({ path: 'email', message: 'Must be a valid email' });
  });
});

describe('/opportunity/contact/delete', () => {
  it('lets only the owner delete a contact of this opportunity', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const other = await createOpportunity(t, owner.token);
    const foreign = await createContact(t, owner.token, other.opportunityId);
    const contact = await createContact(t, owner.token, opportunity.opportunityId);
    const body = { contact_id: contact.contactId, opportunity_id: opportunity.opportunityId };
    expect(await post(t, '/opportunity/contact/delete', body, { token: shared.token })).toMatchObject({
      status: 403,
      body: ownerOnlyBody,
    });
    expect(await post(t, '/opportunity/contact/delete', body, { token: stranger.token })).toMatchObject({
      status: 404,
    });
    expect((await post(t, '/opportunity/contact/delete', body)).status).toBe(401);
    expect(
      await post(
        t,
        '/opportunity/contact/delete',
        { contact_id: foreign.contactId, opportunity_id: opportunity.opportunityId },
        { token: owner.token },
      ),
    ).toMatchObject({ status: 404, body: contactNotFoundBody });
    expect(await contactsOf(other.opportunityId)).toHaveLength(1);
    expect(await post(t, '/opportunity/contact/delete', body, { token: owner.token })).toMatchObject({ status: 200 });
    expect(await contactsOf(opportunity.opportunityId)).toHaveLength(0);
  });
});

describe('contact comments', () => {
  it('are stored and shown to the owner and the shared user, newest first; a stranger gets 404', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const contact = await createContact(t, owner.token, opportunity.opportunityId);
    const send = (token: string | undefined, message: unknown) =>
      post(t, '/opportunity/contact/comment/send', { contact_id: contact.contactId, message }, token ? { token } : {});
    expect(await send(owner.token, 'Called, left a voicemail.')).toMatchObject({
      status: 200,
      body: { message: 'Called, left a voicemail.', user: { userId: owner.userId } },
    });
    expect((await send(shared.token, 'I know their CFO.')).status).toBe(200);
    expect(await send(stranger.token, 'Hello?')).toMatchObject({ status: 404, body: contactNotFoundBody });
    expect((await send(undefined, 'Hello?')).status).toBe(401);
    const blank = await send(owner.token, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toContainEqual({ path: 'message', message: 'Write a comment first.' });
    for (const token of [owner.token, shared.token]) {
      const list = await post(t, '/opportunity/contact/comment/list', { contact_id: contact.contactId }, { token });
      expect(list.status).toBe(200);
      expect(list.body.totalCount).toBe(2);
      expect(list.body.comments.map((c: { message: string }) => c.message)).toEqual([
        'I know their CFO.',
        'Called, left a voicemail.',
      ]);
    }
    expect(
      await post(t, '/opportunity/contact/comment/list', { contact_id: contact.contactId }, { token: stranger.token }),
    ).toMatchObject({ status: 404 });
    // Stored as the messages of the contact's chat room.
    const [room] = await t.db
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(and(eq(chatRooms.kind, 'CONTACT'), eq(chatRooms.contactId, contact.contactId)));
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id));
    expect(rows).toHaveLength(2);
  });
});
