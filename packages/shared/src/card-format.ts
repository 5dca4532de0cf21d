// Stripe's brand codes, as people read them.
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The masked card of the Invoices page's Payment Information: `Visa **** **** **** 4242`. */
export function maskCard(last4: string | null, brand?: string | null): string {
  if (!last4) return '';
  const masked = `**** **** **** ${last4}`;
  const brandName = brand ? CARD_BRANDS[brand.toLowerCase()] : undefined;
  return brandName ? `${brandName} ${masked}` : masked;
}
