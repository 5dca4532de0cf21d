import { LIST_REFRESH_DELAY_MS } from '@leadcircle/shared';
import { useCallback, useEffect, useRef } from 'react';

/**
 * After a successful create, edit or delete the list refreshes LIST_REFRESH_DELAY_MS later
 * (spec 001 §4). Answers a function that schedules `refetch` once; a newer call replaces a pending
 * one, and nothing runs after the component has gone.
 */
export function useDelayedRefetch(refetch: () => void, delayMs: number = LIST_REFRESH_DELAY_MS): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(refetch);
  latest.current = refetch;

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, delayMs);
  }, [delayMs]);
}
