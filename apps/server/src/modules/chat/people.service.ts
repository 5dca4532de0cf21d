import { type ChatUser, USER_SEARCH_LIMIT } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { avatarUrlOf } from '../accounts/accounts.service.js';
import * as q from './chat.queries.js';

// Finding people to talk to: only those the caller shares a group or business with are findable, and only
// those it may see (co-members, its business, its direct partners, itself) are named.

const toChatUser = (row: q.PersonRow): ChatUser => ({
  userId: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  avatarUrl: avatarUrlOf(row.avatar_key),
});

export async function searchByName(
  deps: AppDeps,
  userId: number,
  input: { id?: number; search_type: 'ALL' | 'GROUP' | 'BUSINESS'; name_prefix: string },
): Promise<{ users: ChatUser[] }> {
  // A group or business the caller is not in simply yields nobody.
  const scope = input.search_type === 'ALL' ? { type: 'ALL' as const } : { type: input.search_type, id: input.id };
  const rows = await q.searchPeople(deps.db, userId, scope, input.name_prefix, USER_SEARCH_LIMIT);
  return { users: rows.map(toChatUser) };
}

export async function getList(deps: AppDeps, userId: number, userIds: number[]): Promise<{ users: ChatUser[] }> {
  const rows = await q.visiblePeople(deps.db, userId, [...new Set(userIds)]);
  return { users: rows.map(toChatUser) };
}
