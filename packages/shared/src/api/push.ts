import { z } from 'zod';
import { text } from '../text.js';
import { defineCall, idField } from './call.js';
import { pushCallPaths } from './call-paths.js';

// Web Push: the server's VAPID public key, a device's subscription, the person's devices, the push switch
// per kind (beside each e-mail switch: on unless turned off), and the page's report that the app is open
// and visible on a device (no push goes there meanwhile: the socket tells it).

/** What is pushed, each under its own switch: new leads, chat messages, events (a lead won, …). */
export const PUSH_KINDS = ['NEW_LEAD', 'CHAT', 'EVENT'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The notification a push carries: only what it shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** The app page a click opens. */
  url: string;
  /** A newer notification with the same tag replaces the older. */
  tag: string;
}

// A push service's address (https, at most 2 KB) and the browser's keys (base64url: a P-256 point, 16 bytes).
const base64url = (max: number, message: string) =>
  text({ error: message })
    .min(16, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9_-]+=*$/, message);

export const pushSubscribeRequest = z.strictObject({
  endpoint: text({ error: 'The push subscription has no address' })
    .min(1, 'The push subscription has no address')
    .max(2048, 'The push subscription address is too long')
    .url('The push subscription address is not valid'),
  keys: z.strictObject({
    p256dh: base64url(200, 'The push subscription key is not valid'),
    auth: base64url(100, 'The push subscription key is not valid'),
  }),
  label: text().max(200, 'The device name is too long').optional(),
});

export const pushDevice = z.object({
  id: z.number(),
  label: z.string(),
  createdAt: z.string(),
});
export type PushDevice = z.infer<typeof pushDevice>;

export const pushSwitch = z.object({ kind: z.enum(PUSH_KINDS), enabled: z.boolean() });

export const pushCalls = {
  publicKey: defineCall({
    ...pushCallPaths.publicKey,
    summary: 'The server’s VAPID public key, for the browser’s push subscription',
    request: z.strictObject({}),
    response: z.object({ publicKey: z.string() }),
  }),
  subscribe: defineCall({
    ...pushCallPaths.subscribe,
    summary: 'Turns push on for this device (its browser’s push subscription); answers the device',
    request: pushSubscribeRequest,
    response: pushDevice,
  }),
  devices: defineCall({
    ...pushCallPaths.devices,
    summary: 'The caller’s devices with push on',
    request: z.strictObject({}),
    response: z.object({ devices: z.array(pushDevice) }),
  }),
  remove: defineCall({
    ...pushCallPaths.remove,
    summary: 'Turns push off for one of the caller’s devices',
    request: z.strictObject({ device_id: idField }),
    response: z.object({ message: z.string() }),
  }),
  visibility: defineCall({
    ...pushCallPaths.visibility,
    summary: 'Tells that the app is open and visible on one of the caller’s devices (or no longer is)',
    request: z.strictObject({ device_id: idField, visible: z.boolean() }),
    response: z.object({ message: z.string() }),
  }),
  switches: defineCall({
    ...pushCallPaths.switches,
    summary: 'The caller’s push switch for each kind of notification',
    request: z.strictObject({}),
    response: z.object({ switches: z.array(pushSwitch) }),
  }),
  setSwitch: defineCall({
    ...pushCallPaths.setSwitch,
    summary: 'Turns the caller’s push for one kind of notification on or off',
    request: z.strictObject({
      kind: z.enum(PUSH_KINDS, { error: 'Unknown kind of notification' }),
      enabled: z.boolean(),
    }),
    response: pushSwitch,
  }),
};
