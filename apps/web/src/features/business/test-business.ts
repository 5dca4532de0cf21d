import type { Business, BusinessUser, CurrentUser, Territory } from '@leadcircle/shared';
import { testUser } from '../../test/render-in-app';

// A business, its admin (the signed-in test user), its people and a territory, as the server answers
// them, for the feature's unit tests.

export const testBusiness: Business = { businessId: 5, name: 'Northwind', totalCount: 2 };

export const testAdmin: CurrentUser = { ...testUser, role: 'ADMIN', active: true, business: { businessId: 5 } };

/** One person of the business: e-mail from the first name, SALES unless told. */
export const businessUser = (
  userId: number,
  firstName: string,
  lastName: string,
  status: BusinessUser['status'],
  role: BusinessUser['role'] = 'SALES',
): BusinessUser => ({
  user: { userId, firstName, lastName, email: `${firstName.toLowerCase()}@northwind.example`, avatarUrl: null },
  role,
  status,
  startTime: '2026-11-01T10:00:00.000Z',
  business: { businessId: testBusiness.businessId },
});

export const testTerritory: Territory = {
  territoryId: 3,
  name: 'Pacific Northwest',
  states: ['WA', 'OR'],
  zipPrefixes: ['981'],
  users: [{ userId: 9, firstName: 'Milo', lastName: 'Chen' }],
};
