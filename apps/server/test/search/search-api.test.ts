import { SEARCH_KINDS, type SearchGroup, type SearchKind, type SearchResult } from '@leadcircle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { opportunities, users } from '../../src/db/schema/index.js';
import { createChatWorld, leave, send } from '../chat/chat.js';
import { createGroup, createGroupWithMembers, createPayingUser, GROUP_CODE } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createContact, createOpportunity, createSharedOpportunity } from '../opportunities/support.js';
import { createTestApp } from '../test-app.js';

// POST /api/search: what the caller may see and nothing else, ranked exact, prefix, fuzzy.

const t = await createTestApp();
afterAll(() => t.close());

/** A word no other test wrote: letters only, so the trigrams are its own. */
function uniqueWord(prefix = 'Zq') {
  const letters = Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix}${letters}`;
}

async function search(token: string, query: string, kind?: SearchKind, page: Record<string, number> = {}) {
  return post(t, '/search', { query, ...(kind && { kind }), ...page }, { token });
}

function groupOf(body: { groups: SearchGroup[] }, kind: SearchKind): SearchGroup {
  const group = body.groups.find((g) => g.kind === kind);
  if (!group) throw new Error(`no ${kind} group in ${JSON.stringify(body)}`);
  return group;
}

const ids = (results: SearchResult[]) => results.map((r) => r.id);

describe('POST /api/search: what is found', () => {
  it('finds a lead of the caller’s group by name, company and e-mail, with its link', async () => {
    const { owner, member, group } = await createGroupWithMembers(t);
    const company = uniqueWord('Acme');
    const lead = await insertLead(t, {
      groupId: group.groupId,
      createdBy: owner.userId,
      firstName: 'Ximena',
      lastName: uniqueWord('Quorra'),
      company,
      email: `${company.toLowerCase()}@example.com`,
    });
    for (const query of [lead.lastName, company.slice(0, 6), `${company.toLowerCase()}@exa`]) {
      const res = await search(member.token, query);
      expect(res.status, query).toBe(200);
      const leads = groupOf(res.body, 'LEADS');
      expect(ids(leads.results), query).toEqual([lead.id]);
      expect(leads.results[0]).toMatchObject({
        kind: 'LEADS',
        title: `Ximena ${lead.lastName}`,
        link: `/groups/${group.groupId}/leads/${lead.id}`,
      });
      expect(leads.results[0]!.subtitle).toContain(company);
      expect(leads.hasMore).toBe(false);
    }
  });

  it('answers every kind in order without kind, five of each with whether there are more', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const word = uniqueWord('Mult');
    for (let i = 0; i < 6; i += 1) {
      await insertLead(t, { groupId: group.groupId, createdBy: owner.userId, company: `${word} Corp ${i}` });
    }
    const res = await search(owner.token, word);
    expect(res.status).toBe(200);
    expect(res.body.groups.map((g: SearchGroup) => g.kind)).toEqual([...SEARCH_KINDS]);
    const leads = groupOf(res.body, 'LEADS');
    expect(leads.results).toHaveLength(5);
    expect(leads.hasMore).toBe(true);
    // With kind: a page, then the next.
    const first = await search(owner.token, word, 'LEADS', { get_next: 4 });
    expect(first.body.groups).toHaveLength(1);
    expect(groupOf(first.body, 'LEADS')).toMatchObject({ hasMore: true });
    const second = await search(owner.token, word, 'LEADS', { start_position: 4, get_next: 4 });
    const rest = groupOf(second.body, 'LEADS');
    expect(rest.results).toHaveLength(2);
    expect(rest.hasMore).toBe(false);
    const all = [...ids(groupOf(first.body, 'LEADS').results), ...ids(rest.results)];
    expect(new Set(all).size).toBe(6);
  });

  it('finds groups, opportunities, their contacts, people and messages', async () => {
    const word = uniqueWord('Kind');
    const owner = await createPayingUser(t, { firstName: word, lastName: 'Owner' });
    const group = await createGroup(t, owner.token, { name: `${word} Group` });
    const member = await createPayingUser(t);
    const joined = await post(
      t,
      '/group/add',
      { groupName: group.name, privateCode: GROUP_CODE },
      { token: member.token },
    );
    expect(joined.status).toBe(200);
    const opportunity = await createOpportunity(t, member.token, { name: `${word} Deal` });
    const contact = await createContact(t, member.token, opportunity.opportunityId, { last_name: `${word}son` });
    const rooms = await post(
      t,
      '/chat/room/list',
      { grouping_level: 'GROUP', grouping_level_id: group.groupId },
      { token: member.token },
    );
    const roomId = rooms.body.rooms[0].roomId as number;
    const sent = await send(t, owner.token, roomId, `Meet the ${word} people at noon`);
    expect(sent.status).toBe(200);

    const res = await search(member.token, word.toLowerCase());
    expect(res.status).toBe(200);
    expect(groupOf(res.body, 'GROUPS').results).toEqual([
      { kind: 'GROUPS', id: group.groupId, title: group.name, subtitle: 'Group', link: `/groups/${group.groupId}` },
    ]);
    expect(groupOf(res.body, 'OPPORTUNITIES').results).toEqual([
      {
        kind: 'OPPORTUNITIES',
        id: opportunity.opportunityId,
        title: `${word} Deal`,
        subtitle: 'Your opportunity',
        link: `/opportunities/${opportunity.opportunityId}/information`,
      },
    ]);
    expect(groupOf(res.body, 'CONTACTS').results).toMatchObject([
      {
        id: contact.contactId,
        link: `/opportunities/${opportunity.opportunityId}/contacts/${contact.contactId}`,
      },
    ]);
    expect(groupOf(res.body, 'PEOPLE').results).toMatchObject([{ id: owner.userId, title: `${word} Owner` }]);
    expect(groupOf(res.body, 'MESSAGES').results).toMatchObject([
      { id: sent.body.messageId, title: `Meet the ${word} people at noon`, link: `/chat/groups?room=${roomId}` },
    ]);
    expect(groupOf(res.body, 'MESSAGES').results[0]!.subtitle).toContain(group.name);
  });

  it('ignores case and accents both ways, and finds by the start of any word', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const last = uniqueWord('Garcí');
    const lead = await insertLead(t, {
      groupId: group.groupId,
      createdBy: owner.userId,
      firstName: 'José',
      lastName: last,
    });
    const plain = last.replace('í', 'i');
    for (const query of [
      'jose ' + plain.toUpperCase(),
      plain.slice(0, 5),
      `JOSÉ ${plain.slice(0, 6)}`,
      `  jose   ${plain}  `,
    ]) {
      const res = await search(owner.token, query, 'LEADS');
      expect(ids(groupOf(res.body, 'LEADS').results), query).toEqual([lead.id]);
    }
    // Not the middle of a word (too short for the typo rule, which finds parts of long words).
    const inside = await search(owner.token, plain.slice(2, 5), 'LEADS');
    expect(ids(groupOf(inside.body, 'LEADS').results)).toEqual([]);
  });

  it('forgives a small typo and ranks exact before prefix before fuzzy', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const word = uniqueWord('Vand');
    const exact = await insertLead(t, { groupId: group.groupId, createdBy: owner.userId, company: word });
    const prefix = await insertLead(t, {
      groupId: group.groupId,
      createdBy: owner.userId,
      company: `${word}ia Holdings`,
    });
    // One letter wrong: found only by the typo rule.
    const typo = `${word.slice(0, -1)}${word.endsWith('x') ? 'y' : 'x'}`;
    const fuzzy = await insertLead(t, { groupId: group.groupId, createdBy: owner.userId, company: `${typo} Partners` });
    const res = await search(owner.token, word, 'LEADS');
    expect(ids(groupOf(res.body, 'LEADS').results)).toEqual([exact.id, prefix.id, fuzzy.id]);
  });

  it('answers a query that matches more rows than it ranks: five, more, and deep pages', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const word = uniqueWord('Lots');
    await t.pool.query(
      `insert into leads (group_id, created_by, first_name, last_name, title, company, street_one, city, state_abbrv, postal)
       select $1, $2, 'Lead', 'Number ' || i, 'Buyer', $3 || ' Corp', '1 Main St', 'Austin', 'TX', '73301'
       from generate_series(1, 1200) as i`,
      [group.groupId, owner.userId, word],
    );
    const res = await search(owner.token, word);
    expect(groupOf(res.body, 'LEADS').results).toHaveLength(5);
    expect(groupOf(res.body, 'LEADS').hasMore).toBe(true);
    const deep = await search(owner.token, word, 'LEADS', { start_position: 1180, get_next: 50 });
    expect(groupOf(deep.body, 'LEADS').results).toHaveLength(20);
    expect(groupOf(deep.body, 'LEADS').hasMore).toBe(false);
  });

  it('treats LIKE wildcards in the query as text', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    await insertLead(t, { groupId: group.groupId, createdBy: owner.userId, company: uniqueWord('Pct') });
    const res = await search(owner.token, '%', 'LEADS');
    expect(res.status).toBe(200);
    expect(groupOf(res.body, 'LEADS').results).toEqual([]);
  });
});

describe('POST /api/search: permissions', () => {
  it('never shows a stranger another group’s leads, group, people or messages, not even as more', async () => {
    const world = await createChatWorld(t);
    const word = uniqueWord('Priv');
    await insertLead(t, { groupId: world.group.groupId, createdBy: world.owner.userId, company: `${word} Inc` });
    await send(t, world.owner.token, world.roomId, `${word} secret plan`);
    await t.db
      .update(users)
      .set({ lastName: `${word}ster` })
      .where(eq(users.id, world.owner.userId));
    const res = await search(world.stranger.token, word);
    expect(res.status).toBe(200);
    for (const group of res.body.groups as SearchGroup[]) {
      expect(group.results, group.kind).toEqual([]);
      expect(group.hasMore, group.kind).toBe(false);
    }
    expect(JSON.stringify(res.body)).not.toContain(`${word} `);
  });

  it('forgets a group’s leads, name, people and messages once the caller left it', async () => {
    const world = await createChatWorld(t);
    const word = uniqueWord('Left');
    await insertLead(t, { groupId: world.group.groupId, createdBy: world.owner.userId, company: `${word} Inc` });
    await send(t, world.owner.token, world.roomId, `${word} after hours`);
    const before = await search(world.leaver.token, word);
    expect(groupOf(before.body, 'LEADS').results).toHaveLength(1);
    expect(groupOf(before.body, 'MESSAGES').results).toHaveLength(1);
    await leave(t, world);
    const after = await search(world.leaver.token, word);
    for (const group of after.body.groups as SearchGroup[]) {
      expect(group.results, group.kind).toEqual([]);
      expect(group.hasMore, group.kind).toBe(false);
    }
    const paged = await search(world.leaver.token, word, 'LEADS');
    expect(groupOf(paged.body, 'LEADS')).toEqual({ kind: 'LEADS', results: [], hasMore: false });
  });

  it('shows a shared opportunity and its contacts, and forgets them when the share is taken back', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const word = uniqueWord('Shar');
    await t.db
      .update(opportunities)
      .set({ name: `${word} Tower` })
      .where(eq(opportunities.id, opportunity.opportunityId));
    const contact = await createContact(t, owner.token, opportunity.opportunityId, { company: `${word} Builders` });
    const seen = await search(shared.token, word);
    expect(ids(groupOf(seen.body, 'OPPORTUNITIES').results)).toEqual([opportunity.opportunityId]);
    expect(groupOf(seen.body, 'OPPORTUNITIES').results[0]!.subtitle).toBe('Shared with you');
    expect(ids(groupOf(seen.body, 'CONTACTS').results)).toEqual([contact.contactId]);

    const strangers = await search(stranger.token, word);
    expect(groupOf(strangers.body, 'OPPORTUNITIES').results).toEqual([]);
    expect(groupOf(strangers.body, 'CONTACTS').results).toEqual([]);

    const removed = await post(
      t,
      '/opportunity/user/remove',
      { opportunity_id: opportunity.opportunityId, user_id: shared.user.id },
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
    const after = await search(shared.token, word);
    expect(groupOf(after.body, 'OPPORTUNITIES')).toEqual({ kind: 'OPPORTUNITIES', results: [], hasMore: false });
    expect(groupOf(after.body, 'CONTACTS')).toEqual({ kind: 'CONTACTS', results: [], hasMore: false });
  });

  it('finds the people of a shared opportunity, and not strangers', async () => {
    const { owner, shared, stranger } = await createSharedOpportunity(t);
    const word = uniqueWord('Peer');
    await t.db.update(users).set({ firstName: word }).where(eq(users.id, owner.user.id));
    await t.db.update(users).set({ firstName: word }).where(eq(users.id, stranger.user.id));
    const res = await search(shared.token, word, 'PEOPLE');
    expect(ids(groupOf(res.body, 'PEOPLE').results)).toEqual([owner.user.id]);
  });

  it('shows no message of a room the caller is not in', async () => {
    // The leaver is still in the group: they share it with both, but not their direct room.
    const world = await createChatWorld(t);
    const word = uniqueWord('Dm');
    const direct = await post(t, '/chat/room/direct', { user_id: world.member.userId }, { token: world.owner.token });
    expect(direct.status).toBe(200);
    await send(t, world.owner.token, direct.body.roomId, `${word} between us`);
    const mine = await search(world.member.token, word, 'MESSAGES');
    expect(groupOf(mine.body, 'MESSAGES').results).toMatchObject([{ link: `/chat/direct?room=${direct.body.roomId}` }]);
    const theirs = await search(world.leaver.token, word);
    expect(groupOf(theirs.body, 'MESSAGES')).toEqual({ kind: 'MESSAGES', results: [], hasMore: false });
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await post(t, '/search', { query: 'acme' });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/search: bad input', () => {
  it.each([
    ['empty', { query: '' }],
    ['blank', { query: '   ' }],
    ['101 characters', { query: 'a'.repeat(101) }],
    ['a control character', { query: 'acme\u0000' }],
    ['a line break', { query: 'acme\ncorp' }],
    ['an unknown kind', { query: 'acme', kind: 'FILES' }],
    ['a negative start', { query: 'acme', start_position: -1 }],
    ['too large a page', { query: 'acme', get_next: 51 }],
    ['an unknown field', { query: 'acme', everything: true }],
    ['no query', {}],
  ])('refuses %s with a 400 and a message', async (_, body) => {
    const user = await createPayingUser(t);
    const res = await post(t, '/search', body, { token: user.token });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('takes exactly 100 characters', async () => {
    const user = await createPayingUser(t);
    const res = await post(t, '/search', { query: 'a'.repeat(100) }, { token: user.token });
    expect(res.status).toBe(200);
  });
});
