import { FOLLOW_UP_DAYS_DEFAULT } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products, targets } from './lookups.js';
import { users } from './users.js';

// Groups: the creator is OWNER, others MEMBER.

export const groupMemberRole = pgEnum('group_member_role', ['OWNER', 'MEMBER']);

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    // Unique whatever the letter case ('The group name you chose is already taken').
    name: text('name').notNull(),
    description: text('description'),
    groupType: text('group_type').notNull().default('PRIVATE'),
    // argon2 hash of the group code (the join password); null when the group was made by the
    // create dialog, which sends none: such a group is joined by invitation only.
    codeHash: text('code_hash'),
    targetId: integer('target_id').references(() => targets.id),
    productId: integer('product_id').references(() => products.id),
    // The create dialog's free-text product.
    product: text('product'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    // Days without progress before a lead's assignee is reminded (the owner sets it, 1–90).
    followUpDays: smallint('follow_up_days').notNull().default(FOLLOW_UP_DAYS_DEFAULT),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_name_unique').on(sql`lower(${t.name})`),
    index('groups_created_by_idx').on(t.createdBy),
    check('groups_follow_up_days_range', sql`${t.followUpDays} between 1 and 90`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: groupMemberRole('role').notNull(),
    // 'Product I'm selling' in this group (settings, 'Products Offered' in the users list).
    product: text('product'),
    // The group's Messages toggle (group chat notifications).
    enableEmail: boolean('enable_email').notNull().default(true),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // The group list pages through the caller's memberships, newest first.
    index('group_members_user_idx').on(t.userId, t.groupId),
    // The users list pages a group's members in its order (owner first, then joining order).
    index('group_members_group_order_idx').on(t.groupId, t.role, t.joinedAt, t.userId),
  ],
);

export const groupInvites = pgTable(
  'group_invites',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed like users.email; only this address may accept.
    email: text('email').notNull(),
    // SHA-256 of the random invite code; the code itself is only in the e-mail.
    codeHash: text('code_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('group_invites_code_unique').on(t.codeHash), index('group_invites_group_idx').on(t.groupId)],
);

// The groups module's public face (see db/table-owners.ts): a group's name and follow-up rule, who is in it.
export const publicGroups = pgView('public_groups').as((qb) =>
  qb
    .select({ id: groups.id, name: groups.name, createdBy: groups.createdBy, followUpDays: groups.followUpDays })
    .from(groups),
);

export const publicGroupMembers = pgView('public_group_members').as((qb) =>
  qb
    .select({
      groupId: groupMembers.groupId,
      userId: groupMembers.userId,
      role: groupMembers.role,
      enableEmail: groupMembers.enableEmail,
    })
    .from(groupMembers),
);
