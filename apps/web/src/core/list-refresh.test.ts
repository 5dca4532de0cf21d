import { LIST_REFRESH_DELAY_MS } from '@leadcircle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshListsAfterChange } from './list-refresh';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('refreshListsAfterChange: a list refreshes 500 ms after a create, edit or delete', () => {
  it('refreshes once, 500 ms after the call succeeded', async () => {
    const refresh = vi.fn();
    await refreshListsAfterChange(Promise.resolve({ data: {} }), refresh);
    vi.advanceTimersByTime(LIST_REFRESH_DELAY_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('leaves the lists alone when the call failed', async () => {
    const refresh = vi.fn();
    await refreshListsAfterChange(Promise.reject(new Error('refused')), refresh);
    vi.advanceTimersByTime(LIST_REFRESH_DELAY_MS * 2);
    expect(refresh).not.toHaveBeenCalled();
  });
});
