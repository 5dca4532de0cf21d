import type { RealtimeEvent, RealtimePublisher } from './publisher.js';

/** Keeps every published event in order, for tests to read. */
export interface RecordingPublisher extends RealtimePublisher {
  readonly events: RealtimeEvent[];
  /** The events delivered to one room. */
  to(room: string): RealtimeEvent[];
  clear(): void;
}

export function createRecordingPublisher(): RecordingPublisher {
  const events: RealtimeEvent[] = [];
  return {
    events,
    publish(event) {
      events.push(event);
    },
    to: (room) => events.filter((e) => e.rooms.includes(room)),
    clear() {
      events.length = 0;
    },
  };
}
