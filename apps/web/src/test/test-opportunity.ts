import type { Opportunity, OpportunityDetail } from '@leadcircle/shared';

// An opportunity as /opportunity/list and /opportunity/get answer it to its owner (the signed-in test user), for unit tests.
export const testOpportunity: Opportunity = {
  opportunityId: 9,
  name: 'Office move',
  notes: 'Two floors of desks and a server room.',
  address: {
    streetOne: '1 Market Street',
    streetTwo: null,
    city: 'San Francisco',
    stateAbbrv: 'CA',
    postal: '94105',
    placeId: null,
    latitude: 37.7941,
    longitude: -122.3951,
  },
  createdBy: 7,
  createdByName: 'Dana Rivera',
  sharedCount: 1,
  isOwner: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

export const testOpportunityDetail: OpportunityDetail = {
  ...testOpportunity,
  users: [
    {
      userId: 8,
      fullName: 'Sam Lee',
      email: 'sam.lee@example.com',
      avatarUrl: null,
      sharedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  contactsCount: 0,
  roomId: 40,
  settings: { messages: true },
};

/** The same opportunity as a person it is shared with sees it. */
export const sharedOpportunityDetail: OpportunityDetail = {
  ...testOpportunityDetail,
  isOwner: false,
  createdBy: 3,
  createdByName: 'Olive Rivera',
};
