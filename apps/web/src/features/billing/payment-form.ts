import {
  type BillingProvider,
  cardCvcField,
  cardNumberField,
  isExpiryCurrent,
  PAYMENT_MESSAGES,
  type PaymentForm,
  paymentForm,
} from '@leadcircle/shared';
import { z } from 'zod';

// The Payment dialog's form. With the local provider the card fields are ours, in
// place of Stripe Elements; they check what Elements checks, with Elements' words.

const CARD_NUMBER_MAX_DIGITS = 19;

/** `MM / YY` (or MM/YY, MMYY, MM / YYYY) as a month and a four-digit year. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The card number as typed: digits only, in groups of four. */
export function formatCardNumberInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The expiry as typed: `MM / YY`, the slash added after the month and removed with it. */
export function formatExpiryInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  // Backspace after "MM / " leaves "MM /": the slash goes too.
  const deletingSlash = digits.length === 2 && raw.endsWith(' /');
  if (digits.length < 2 || deletingSlash) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

const cardExpiryField = (now: () => Date) =>
  z.string().transform((text, ctx) => {
    const expiry = parseExpiry(text);
    if (!expiry) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.cardExpiryInvalid });
      return z.NEVER;
    }
    if (!isExpiryCurrent(expiry.month, expiry.year, now())) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.cardExpired });
      return z.NEVER;
    }
    return expiry;
  });

export interface LocalCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the form gives on submit: the billing details, and our card fields with the local provider. */
export interface PaymentFormValues {
  billing: PaymentForm;
  card: LocalCard | null;
}

const withLocalCard = (now: () => Date) =>
  paymentForm
    .extend({ cardNumber: cardNumberField, cardExpiry: cardExpiryField(now), cardCvc: cardCvcField })
    .transform(
      ({ cardNumber, cardExpiry, cardCvc, ...billing }): PaymentFormValues => ({
        billing,
        card: { number: cardNumber, expMonth: cardExpiry.month, expYear: cardExpiry.year, cvc: cardCvc },
      }),
    );

// With Stripe, Elements holds the card; the three fields stay empty.
const withStripeCard = paymentForm
  .extend({ cardNumber: z.string(), cardExpiry: z.string(), cardCvc: z.string() })
  .transform(
    ({ cardNumber: _n, cardExpiry: _e, cardCvc: _c, ...billing }): PaymentFormValues => ({ billing, card: null }),
  );

export type PaymentFormInput = z.input<ReturnType<typeof withLocalCard>>;

/** The payment form, with our card number, expiry and CVC for the local provider. */
export function paymentFormSchema(
  provider: BillingProvider,
  now: () => Date = () => new Date(),
): z.ZodType<PaymentFormValues, PaymentFormInput> {
  return provider === 'local' ? withLocalCard(now) : withStripeCard;
}
