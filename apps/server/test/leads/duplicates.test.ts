import { GROUP_MESSAGES, linkedinMatchKey, phoneMatchKey } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { leadNotFound, leadPayload, notMember } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Duplicates: a lead whose e-mail, phone, LinkedIn profile, or first name + last name + company
// matches a lead already in the same group (normalised: case, spaces, phone digits) is pointed out
// with who submitted it and when; the list marks duplicates; nothing is revealed of other groups.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
/** A lead payload sharing nothing with any other unless told: own names, e-mail, phone and no LinkedIn. */
function distinct(overrides: Record<string, unknown> = {}) {
  n += 1;
  return leadPayload({
    first_name: `Uniq${n}`,
    last_name: `Person${n}`,
    company: `Company ${n}`,
    email: `uniq${n}@example.com`,
    phone: `(415) 555-${String(1000 + n).slice(-4)}`,
    linkedin: '',
    ...overrides,
  });
}

async function create(token: string, groupId: number, lead: Record<string, unknown>) {
  const res = await post(t, '/lead/create', { group_id: groupId, lead }, { token });
  if (res.status !== 200) throw new Error(`lead/create ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { leadId: number; createdAt: string; duplicateOfLeadId: number | null };
}

const check = (token: string, body: Record<string, unknown>) => post(t, '/lead/duplicates', body, { token });

describe('/lead/duplicates', () => {
  it('matches e-mail, phone, LinkedIn and name + company, each normalised, and says who submitted it and when', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    const original = await create(
      x.owner.token,
      g,
      distinct({
        first_name: 'Jane',
        last_name: 'Doe',
        company: 'Acme  Corp',
        email: 'Jane.Doe@Acme.example',
        phone: '(212) 555-0199',
        linkedin: 'https://www.linkedin.com/in/jane-doe/',
      }),
    );
    const expected = (matchedOn: string[]) => ({
      status: 200,
      body: {
        duplicates: [
          {
            leadId: original.leadId,
            fullName: 'Jane Doe',
            company: 'Acme  Corp',
            createdBy: x.owner.user.id,
            ownerName: `${x.owner.user.firstName} ${x.owner.user.lastName}`,
            createdAt: original.createdAt,
            matchedOn,
          },
        ],
      },
    });
    expect(await check(x.member.token, { group_id: g, email: '  jane.doe@ACME.example ' })).toMatchObject(
      expected(['EMAIL']),
    );
    expect(await check(x.member.token, { group_id: g, phone: '+1 212.555.0199' })).toMatchObject(expected(['PHONE']));
    expect(await check(x.member.token, { group_id: g, phone: '2125550199' })).toMatchObject(expected(['PHONE']));
    expect(
      await check(x.member.token, { group_id: g, linkedin: 'LinkedIn.com/in/Jane-Doe?trk=public_profile' }),
    ).toMatchObject(expected(['LINKEDIN']));
    expect(
      await check(x.member.token, { group_id: g, first_name: ' jane ', last_name: 'DOE', company: 'acme corp' }),
    ).toMatchObject(expected(['NAME_COMPANY']));
    // Everything at once: one lead, every way it matched.
    expect(
      await check(x.member.token, {
        group_id: g,
        first_name: 'Jane',
        last_name: 'Doe',
        company: 'Acme Corp',
        email: 'jane.doe@acme.example',
        phone: '212-555-0199',
        linkedin: 'http://linkedin.com/in/jane-doe',
      }),
    ).toMatchObject(expected(['EMAIL', 'PHONE', 'LINKEDIN', 'NAME_COMPANY']));
  });

  it('does not match what only looks alike', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    await create(
      x.owner.token,
      g,
      distinct({
        first_name: 'Jane',
        last_name: 'Doe',
        company: 'Acme Corp',
        email: 'jane.doe@acme.example',
        phone: '(212) 555-0199',
        linkedin: 'linkedin.com/in/jane-doe',
      }),
    );
    for (const body of [
      { email: 'jane.doe@acme.example.org' },
      { email: 'janedoe@acme.example' },
      { phone: '(212) 555-0198' },
      // Fewer than 7 digits match nothing, even a number's tail.
      { phone: '555-019' },
      { linkedin: 'linkedin.com/in/jane-doe-2' },
      // Name and company match only all three together.
      { first_name: 'Jane', last_name: 'Doe' },
      { first_name: 'Jane', last_name: 'Doe', company: 'Acme Corporation' },
      { first_name: 'Janet', last_name: 'Doe', company: 'Acme Corp' },
      {},
    ]) {
      expect(await check(x.member.token, { group_id: g, ...body }), JSON.stringify(body)).toMatchObject({
        status: 200,
        body: { duplicates: [] },
      });
    }
  });

  it('never matches nor reveals a lead of another group, even to someone in both', async () => {
    const x = await createGroupWithMembers(t);
    const elsewhere = await createGroup(t, x.stranger.token);
    const shared = { email: 'same.person@example.com', first_name: 'Same', last_name: 'Person', company: 'Same Co' };
    const theirs = await create(x.stranger.token, elsewhere.groupId, distinct(shared));
    // Nothing in x's group yet: the stranger's lead is not found through it.
    expect(await check(x.member.token, { group_id: x.group.groupId, ...shared })).toMatchObject({
      status: 200,
      body: { duplicates: [] },
    });
    // The owner of x also joins the other group: their check in x still sees x only.
    const ours = await create(x.owner.token, x.group.groupId, distinct(shared));
    const both = await post(
      t,
      '/group/add',
      { groupName: elsewhere.name, privateCode: 'open-sesame-42' },
      { token: x.owner.token },
    );
    expect(both.status).toBe(200);
    const inX = await check(x.owner.token, { group_id: x.group.groupId, ...shared });
    expect(inX.body.duplicates.map((d: { leadId: number }) => d.leadId)).toEqual([ours.leadId]);
    const inOther = await check(x.owner.token, { group_id: elsewhere.groupId, ...shared });
    expect(inOther.body.duplicates.map((d: { leadId: number }) => d.leadId)).toEqual([theirs.leadId]);
    // The list marks only within a group: the first lead of each group is no duplicate.
    expect(ours.duplicateOfLeadId).toBeNull();
    expect(theirs.duplicateOfLeadId).toBeNull();
    // A non-member asking about x's group learns nothing; a lead of another group named as lead_id is 404.
    const refused = await check(x.member.token, { group_id: elsewhere.groupId, ...shared });
    expect(refused).toMatchObject({ status: 403, body: notMember });
    expect(JSON.stringify(refused.body)).not.toContain('Same');
    expect(await check(x.owner.token, { group_id: x.group.groupId, lead_id: theirs.leadId, ...shared })).toMatchObject({
      status: 404,
      body: leadNotFound,
    });
    expect((await check(x.owner.token, { group_id: 999999, ...shared })).status).toBe(404);
    expect((await post(t, '/lead/duplicates', { group_id: x.group.groupId, ...shared })).status).toBe(401);
  });

  it('leaves out the lead being edited', async () => {
    const x = await createGroupWithMembers(t);
    const lead = await create(x.owner.token, x.group.groupId, distinct({ email: 'edit.me@example.com' }));
    expect(
      await check(x.owner.token, { group_id: x.group.groupId, lead_id: lead.leadId, email: 'edit.me@example.com' }),
    ).toMatchObject({ status: 200, body: { duplicates: [] } });
  });
});

describe('the lead list marks duplicates', () => {
  it('points a later lead at the oldest earlier one it matches, in its own group, and follows edits', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    const first = await create(x.owner.token, g, distinct({ email: 'dup@example.com' }));
    const second = await create(x.member.token, g, distinct({ email: 'DUP@example.com ' }));
    const third = await create(
      x.member.token,
      g,
      distinct({ phone: '', linkedin: 'www.linkedin.com/in/dup-person', email: 'dup@example.com' }),
    );
    const alone = await create(x.member.token, g, distinct());
    expect(second.duplicateOfLeadId).toBe(first.leadId);
    const list = await post(t, '/lead/list', { group_id: g }, { token: x.member.token });
    const marks = Object.fromEntries(
      list.body.leads.map((l: { leadId: number; duplicateOfLeadId: number | null }) => [l.leadId, l.duplicateOfLeadId]),
    );
    expect(marks).toEqual({
      [first.leadId]: null,
      [second.leadId]: first.leadId,
      [third.leadId]: first.leadId,
      [alone.leadId]: null,
    });
    // The first lead deleted: the next oldest becomes the one the third points at.
    await post(t, '/lead/delete', { lead_id: first.leadId }, { token: x.owner.token });
    const got = await post(t, '/lead/get', { lead_id: third.leadId }, { token: x.owner.token });
    expect(got.body.duplicateOfLeadId).toBe(second.leadId);
    // Edited to share nothing any more: no mark.
    const { lead_id: _id, ...fields } = distinct();
    const edited = await post(
      t,
      '/lead/update',
      { lead_id: third.leadId, group_id: g, ...fields },
      { token: x.member.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.duplicateOfLeadId).toBeNull();
  });

  it('refuses a non-member the check', async () => {
    const x = await createGroupWithMembers(t);
    expect(await check(x.stranger.token, { group_id: x.group.groupId, email: 'a@b.example' })).toMatchObject({
      status: 403,
      body: { code: 'GROUP_NOT_MEMBER', message: GROUP_MESSAGES.notMember },
    });
  });
});

describe('the normalised keys', () => {
  it('phone: digits, the US country code dropped, at least 7 digits', () => {
    expect(phoneMatchKey('+1 (212) 555-0199')).toBe('2125550199');
    expect(phoneMatchKey('212 555 0199')).toBe('2125550199');
    expect(phoneMatchKey('555-0199')).toBe('5550199');
    expect(phoneMatchKey('55-019')).toBeNull();
    expect(phoneMatchKey('')).toBeNull();
  });
  it('LinkedIn: lower case, no scheme, www., query or trailing slash', () => {
    expect(linkedinMatchKey('HTTPS://www.LinkedIn.com/in/Jane-Doe/?trk=x#top')).toBe('linkedin.com/in/jane-doe');
    expect(linkedinMatchKey('linkedin.com/in/jane-doe')).toBe('linkedin.com/in/jane-doe');
    expect(linkedinMatchKey('  ')).toBeNull();
  });
});
