import { useEffect, useState } from 'react';

/** How long typing must pause before a search-as-you-type field asks the server. */
export const TYPING_PAUSE_MS = 250;

/** The value once it has stayed the same for `delayMs` (a search as the person types). */
export function useDebouncedValue<T>(
  value: T,
  delayMs: number = TYPING_PAUSE_MS,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled((previous) => (isEqual(previous, value) ? previous : value)), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, isEqual]);
  return settled;
}
