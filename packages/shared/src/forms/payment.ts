import { z } from 'zod';
import { DEFAULT_COUNTRY, ZIP_CODE_LENGTH } from '../constants.js';
import { text } from '../text.js';
import { emailField, requiredText } from './fields.js';

// The payment form The card fields themselves are the card provider's
// (Stripe Elements) or, with the local provider, ours (localCardForm below).

export const PAYMENT_MESSAGES = {
  cardNameRequired: 'Name on your card is required',
  countryRequired: 'Country is required',
  zipRequired: 'Zip code is required',
  zipNumeric: 'Zip code must be a number',
  zipLength: `Zip code must be exactly ${ZIP_CODE_LENGTH} characters`,
  // Outcomes
  paymentFailed: (message: string) => `Payment failed: ${message}`,
  subscriptionNeedsPaymentMethod: 'Add a payment method before starting the subscription.',
  customerMissing: 'Your stripe customer is not created yet.',
  cardDeclined: 'Your card was declined.',
  paymentMethodUpdated: 'Payment method has been updated.',
  // Fallbacks
  createCustomerFailed: 'Create stripe customer failed.',
  updatePaymentFailed: 'Update payment failed.',
  startSubscriptionFailed: 'Start subscription failed.',
  getBillingInfoFailed: 'Get billing info failed',
  // The local card fields speak as Stripe Elements does (the spec is silent; these are Stripe's words).
  cardNumberInvalid: 'Your card number is invalid.',
  cardExpiryInvalid: "Your card's expiration date is incomplete.",
  cardExpired: "Your card's expiration year is in the past.",
  cardCvcInvalid: "Your card's security code is incomplete.",
} as const;

export const zipCodeField = text({ error: PAYMENT_MESSAGES.zipRequired })
  .trim()
  .min(1, PAYMENT_MESSAGES.zipRequired)
  .regex(/^\d*$/, PAYMENT_MESSAGES.zipNumeric)
  .length(ZIP_CODE_LENGTH, PAYMENT_MESSAGES.zipLength);

export const paymentForm = z.object({
  email: emailField,
  cardName: requiredText(PAYMENT_MESSAGES.cardNameRequired),
  country: requiredText(PAYMENT_MESSAGES.countryRequired).default(DEFAULT_COUNTRY),
  zipCode: zipCodeField,
});
export type PaymentForm = z.infer<typeof paymentForm>;

/** Luhn checksum of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const cardNumberField = text({ error: PAYMENT_MESSAGES.cardNumberInvalid })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{12,19}$/.test(v) && passesLuhn(v), PAYMENT_MESSAGES.cardNumberInvalid);

export const cardCvcField = text({ error: PAYMENT_MESSAGES.cardCvcInvalid })
  .trim()
  .regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cardCvcInvalid);

/** True when month/year (4-digit year) is this month or later, in the given "now". */
export function isExpiryCurrent(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear > year || (expYear === year && expMonth >= month);
}
