import { searchCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { search } from './search.service.js';

export function registerSearchRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(searchCalls.search, ({ userId, body }) => search(deps, userId, body));
}
