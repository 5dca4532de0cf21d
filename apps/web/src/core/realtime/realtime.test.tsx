import { type ChatMessageEvent, type LeadRatingEvent, SERVER_EVENTS } from '@leadcircle/shared';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime, useRealtimeEvent } from './realtime';

// The `@ts-expect-error` lines are the test: `npm run typecheck` fails as soon as one of them compiles.

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useRealtimeEvent', () => {
  it('gives the handler the payload of the event it names while mounted, and refuses a name or payload outside the shared map', () => {
    const on = vi.spyOn(realtime, 'on');
    const off = vi.spyOn(realtime, 'off');
    const ratings: (number | null)[] = [];
    const { unmount } = renderHook(() => {
      useRealtimeEvent(SERVER_EVENTS.leadRating, (event) => ratings.push(event.rating));
      // @ts-expect-error a name the map does not have
      useRealtimeEvent('lead:ratings', () => {});
      // @ts-expect-error a field the event's payload does not have
      useRealtimeEvent(SERVER_EVENTS.leadRating, (event) => event.message);
      // @ts-expect-error a handler written for another event's payload
      useRealtimeEvent(SERVER_EVENTS.leadRating, (event: ChatMessageEvent) => event.roomId);
    });

    const [event, listener] = on.mock.calls[0] ?? [];
    expect(event).toBe('lead:rating');
    const payload: LeadRatingEvent = { leadId: 1, groupId: 2, rating: 4.5, count: 2 };
    listener?.(payload);
    expect(ratings).toEqual([4.5]);
    unmount();
    expect(off).toHaveBeenCalledWith('lead:rating', listener);
  });
});
