import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { realtime } from '../core/realtime/realtime';

/**
 * Plays the server's realtime events to the listeners the screens register (no socket in unit tests).
 * Call it before rendering; the returned function sends one event with its payload.
 */
export function playRealtimeEvents() {
  const on = vi.spyOn(realtime, 'on');
  onTestFinished(() => on.mockRestore());
  return (event: string, payload?: unknown) =>
    act(async () => {
      for (const [name, listener] of on.mock.calls) {
        if (name === event) (listener as (payload: unknown) => void)(payload);
      }
    });
}
