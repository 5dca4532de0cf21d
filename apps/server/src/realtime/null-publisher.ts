import type { RealtimeEvent, RealtimePublisher } from './publisher.js';

/** Delivers nothing: the default until a realtime transport is configured. */
export function createNullPublisher(): RealtimePublisher {
  return {
    publish(_event: RealtimeEvent) {},
  };
}
