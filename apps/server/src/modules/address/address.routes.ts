import { addressCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { lookupZip } from './address.service.js';

// The address form's ZIP lookup. Signed-in callers only: the table is public data,
// but the call is part of the lead form.
export function registerAddressRoutes(call: CallRegistrar, _deps: AppDeps): void {
  call(addressCalls.zipLookup, ({ body }) => lookupZip(body.postal));
}
