// Written out rather than through Intl: a page's first Intl.NumberFormat costs a phone about 50 ms (it
// loads the locale's data), and these are shown on first pages.

/** A whole number with its thousands grouped the US way: 1234567 → '1,234,567'. */
export function groupThousands(value: number): string {
  const whole = Math.trunc(value);
  const digits = Math.abs(whole)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
