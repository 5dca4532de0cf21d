import type { RealtimeEvent, RealtimePublisher } from './publisher.js';

/** Publishes every event to each publisher in turn (sockets, and a recorder in tests). */
export function teePublisher(...publishers: RealtimePublisher[]): RealtimePublisher {
  return {
    publish(event: RealtimeEvent) {
      for (const publisher of publishers) publisher.publish(event);
    },
  };
}
