import type { GroupSummary } from '@leadcircle/shared';

// A group as /group/list and /group/get answer it to its owner (the signed-in test user), for unit tests.
export const testGroup: GroupSummary = {
  groupId: 4,
  name: 'Austin Closers',
  description: null,
  groupType: 'PRIVATE',
  createdBy: 7,
  ownerName: 'Dana Rivera',
  targetId: null,
  productId: null,
  product: null,
  usersCount: 2,
  leadsCount: 1,
  isOwner: true,
  userRole: 'OWNER',
  myProduct: null,
  followUpDays: 7,
};
