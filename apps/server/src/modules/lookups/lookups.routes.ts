import { lookupCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { createLookups } from './lookups.service.js';

export function registerLookupRoutes(call: CallRegistrar, deps: AppDeps): void {
  const lookups = createLookups(deps);
  // Lookups change only with a deploy or a migration, and are the same for every signed-in caller:
  // a valid access token is enough to read them.
  const fixed = { fixedUntilDeploy: true, tokenOnly: true };
  call(lookupCalls.targets, async () => ({ targets: await lookups.listTargets() }), fixed);
  call(lookupCalls.categories, async () => ({ categories: await lookups.listCategories() }), fixed);
  call(
    lookupCalls.products,
    async ({ body }) => ({ products: await lookups.listProducts(body.subcategory_id) }),
    fixed,
  );
}
