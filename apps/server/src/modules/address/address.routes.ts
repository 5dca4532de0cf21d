import { addressCalls } from '@leadcircle/shared';
import type { CallRegistrar } from '../../http/call.js';
import { lookupZip } from './address.service.js';

// The address form's ZIP lookup (ARCHITECTURE §4). Signed-in callers only: the table is public data,
// but the call is part of the lead form.
export function registerAddressRoutes(call: CallRegistrar): void {
  call(addressCalls.zipLookup, ({ body }) => lookupZip(body.postal));
}
