import { LIST_REFRESH_DELAY_MS } from '@leadcircle/shared';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedRefetch } from './use-delayed-refetch';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDelayedRefetch (spec 001 §4: the list refreshes 500 ms after a change)', () => {
  it('refetches once, 500 ms after it is asked', () => {
    const refetch = vi.fn();
    const { result } = renderHook(() => useDelayedRefetch(refetch));
    result.current();
    vi.advanceTimersByTime(LIST_REFRESH_DELAY_MS - 1);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('runs a newer request in place of a pending one', () => {
    const refetch = vi.fn();
    const { result } = renderHook(() => useDelayedRefetch(refetch));
    result.current();
    vi.advanceTimersByTime(300);
    result.current();
    vi.advanceTimersByTime(LIST_REFRESH_DELAY_MS);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('calls the latest refetch it was given', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useDelayedRefetch(fn), { initialProps: { fn: first } });
    result.current();
    rerender({ fn: second });
    vi.advanceTimersByTime(LIST_REFRESH_DELAY_MS);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('does nothing once the page has gone', () => {
    const refetch = vi.fn();
    const { result, unmount } = renderHook(() => useDelayedRefetch(refetch));
    result.current();
    unmount();
    vi.advanceTimersByTime(LIST_REFRESH_DELAY_MS);
    expect(refetch).not.toHaveBeenCalled();
  });
});
