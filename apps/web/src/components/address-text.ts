import type { AddressInput } from '@leadcircle/shared';

// An address in one line, the US way: street, street 2, city, state ZIP.
export function addressText(a: AddressInput): string {
  const region = [a.state_abbrv, a.postal].filter(Boolean).join(' ');
  return [a.street_one, a.street_two, a.city, region].filter(Boolean).join(', ');
}
