import type { DbOrTx } from '../../db/client.js';
import * as q from './territories.queries.js';

/** Whether the user covers at least one territory of their business. */
export const coversTerritory = (db: DbOrTx, userId: number, businessId: number) =>
  q.hasTerritoryOfUser(db, userId, businessId);
