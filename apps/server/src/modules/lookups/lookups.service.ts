import type { Category, Product, Target } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import * as q from './lookups.queries.js';

// Lookups are the same for every signed-in user; no rule beyond being signed in.

export const listTargets = (deps: AppDeps): Promise<Target[]> => q.listTargets(deps.db);
export const listCategories = (deps: AppDeps): Promise<Category[]> => q.listCategories(deps.db);
export const listProducts = (deps: AppDeps, categoryId?: number): Promise<Product[]> =>
  q.listProducts(deps.db, categoryId);

/** A product's name; undefined when there is no such product. */
export const findProductName = (db: DbOrTx, id: number) => q.findProductName(db, id);
export const targetExists = (db: DbOrTx, id: number) => q.targetExists(db, id);
