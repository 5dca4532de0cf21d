import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delayMs` (a search as the person types). */
export function useDebouncedValue<T>(value: T, delayMs: number, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled((previous) => (isEqual(previous, value) ? previous : value)), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, isEqual]);
  return settled;
}
