import { pushCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as push from './push.service.js';

// Web Push: the VAPID key, the caller's devices, their visibility, and the push switches per kind.
export function registerPushRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(pushCalls.publicKey, () => push.publicKey(deps));
  call(pushCalls.subscribe, ({ userId, body }) => push.subscribe(deps, userId, body));
  call(pushCalls.devices, ({ userId }) => push.listDevices(deps, userId));
  call(pushCalls.remove, ({ userId, body }) => push.removeDevice(deps, userId, body.device_id));
  call(pushCalls.visibility, ({ userId, body }) => push.reportVisibility(deps, userId, body.device_id, body.visible));
  call(pushCalls.switches, ({ userId }) => push.listSwitches(deps, userId));
  call(pushCalls.setSwitch, ({ userId, body }) => push.setSwitch(deps, userId, body.kind, body.enabled));
}
