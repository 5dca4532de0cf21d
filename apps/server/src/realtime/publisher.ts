import type { ServerEventMap } from '@leadcircle/shared';

// Membership changes travel as events of their own, so they reach the sockets on every instance the same
// way messages do; the socket layer acts on them and never forwards them to clients.
export const CONTROL_EVENTS = {
  join: 'realtime:join',
  leave: 'realtime:leave',
  disconnect: 'realtime:disconnect',
} as const;
export interface MembershipControl {
  rooms: string[];
}
interface ControlEventMap {
  'realtime:join': MembershipControl;
  'realtime:leave': MembershipControl;
  'realtime:disconnect': Record<string, never>;
}

// What a service may publish: the shared map's events (but `auth:expired`, which the socket layer sends
// itself when a token runs out) and the control events.
type PublishedEventMap = Omit<ServerEventMap, 'auth:expired'> & ControlEventMap;

/** What a service publishes after its transaction commits; the realtime layer delivers it to sockets. */
export type RealtimeEvent = {
  [E in keyof PublishedEventMap]: {
    /** Socket.IO rooms to deliver to, e.g. `user:12`, `chat:7`, `group:3`. */
    rooms: string[];
    /** Event name the web app listens for, e.g. `chat:message`. */
    event: E;
    data: PublishedEventMap[E];
  };
}[keyof PublishedEventMap];

/** Services depend on this only; which transport delivers (in-process or Redis) is the realtime layer's business. */
export interface RealtimePublisher {
  /** Refuses (at compile time) an event name outside the shared map, or a payload that is not its own. */
  publish(event: RealtimeEvent): void;
}
