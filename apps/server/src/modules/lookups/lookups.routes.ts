import { lookupCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as lookups from './lookups.service.js';

export function registerLookupRoutes(call: CallRegistrar, deps: AppDeps): void {
  // Lookups change only with a deploy or a migration (the seed runs at start).
  const fixed = { fixedUntilDeploy: true };
  call(lookupCalls.targets, async () => ({ targets: await lookups.listTargets(deps) }), fixed);
  call(lookupCalls.categories, async () => ({ categories: await lookups.listCategories(deps) }), fixed);
  call(
    lookupCalls.products,
    async ({ body }) => ({ products: await lookups.listProducts(deps, body.subcategory_id) }),
    fixed,
  );
}
