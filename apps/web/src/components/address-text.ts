// An address in one line, the US way: street, street 2, city, state ZIP.
export function addressText(a: {
  street: string;
  street2?: string | null;
  city: string;
  state: string;
  postal: string;
}): string {
  const region = [a.state, a.postal].filter(Boolean).join(' ');
  return [a.street, a.street2, a.city, region].filter(Boolean).join(', ');
}
