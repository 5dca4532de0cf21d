/** What a service publishes after its transaction commits; the realtime layer delivers it to sockets. */
export interface RealtimeEvent {
  /** Socket.IO rooms to deliver to, e.g. `user:12`, `chat:7`, `group:3`. */
  rooms: string[];
  /** Event name the web app listens for, e.g. `chat:message`. */
  event: string;
  data: unknown;
}

/** Services depend on this only; which transport delivers (in-process or Redis) is the realtime layer's business. */
export interface RealtimePublisher {
  publish(event: RealtimeEvent): void;
}
