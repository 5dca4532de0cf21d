import type { Category, Product, Target } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import * as q from './lookups.queries.js';

// Lookups are the same for every signed-in user; no rule beyond being signed in. They change only
// with a deploy or a migration (the seed runs at start), so a process reads them once, as it starts,
// and answers from memory (a cache that may be lost: it is read again after a failed load).

export interface Lookups {
  listTargets(): Promise<Target[]>;
  listCategories(): Promise<Category[]>;
  /** Products by name, of one category when given. */
  listProducts(categoryId?: number): Promise<Product[]>;
}

export function createLookups(deps: AppDeps): Lookups {
  let loading: Promise<{ targets: Target[]; categories: Category[]; products: Product[] }> | undefined;
  const load = () => {
    loading ??= Promise.all([q.listTargets(deps.db), q.listCategories(deps.db), q.listProducts(deps.db)]).then(
      ([targets, categories, products]) => ({ targets, categories, products }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // Loaded as the app starts; a failure here is tried again by the first call.
  load().catch((error: unknown) => deps.log.warn({ err: error }, 'lookups not loaded at start'));
  return {
    listTargets: async () => (await load()).targets,
    listCategories: async () => (await load()).categories,
    async listProducts(categoryId) {
      const { products } = await load();
      return categoryId === undefined ? products : products.filter((p) => p.subcategoryId === categoryId);
    },
  };
}

/** A product's name; undefined when there is no such product. */
export const findProductName = (db: DbOrTx, id: number) => q.findProductName(db, id);
export const targetExists = (db: DbOrTx, id: number) => q.targetExists(db, id);
