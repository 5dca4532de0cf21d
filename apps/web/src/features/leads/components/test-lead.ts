import type { Lead } from '@leadcircle/shared';

// A lead as /lead/get answers it, for the feature's unit tests.
export const testLead: Lead = {
  leadId: 31,
  groupId: 4,
  firstName: 'Avery',
  lastName: 'Buyer',
  fullName: 'Avery Buyer',
  title: 'VP Sales',
  company: 'Acme Corp',
  phone: '2125550147',
  email: 'avery@acme.example',
  linkedin: null,
  notes: 'Met at the expo.',
  address: {
    streetOne: '350 Fifth Avenue',
    streetTwo: null,
    city: 'New York',
    stateAbbrv: 'NY',
    postal: '10118',
    placeId: null,
    latitude: 40.7484,
    longitude: -73.9857,
  },
  createdBy: 7,
  ownerName: 'Dana Rivera',
  isOwner: true,
  assignedTo: null,
  rating: { rating: null, userRating: null, count: 0 },
  roomId: 12,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastActivityAt: '2026-11-20T10:00:00.000Z',
};
