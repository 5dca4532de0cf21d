import { z } from 'zod';
import { BILLING_PROVIDERS, SUBSCRIPTION_TYPE } from '../constants.js';
import { emailField, requiredText } from '../forms/fields.js';
import { cardCvcField, cardNumberField, PAYMENT_MESSAGES, zipCodeField } from '../forms/payment.js';
import { text } from '../text.js';
import { defineCall, emptyRequest, idField } from './call.js';
import { billingCallPaths } from './call-paths.js';

// Billing: (local provider by default, Stripe in production).
// The business is the billing account.

/** Billing details as Stripe's PaymentMethod carries them. */
export const billingDetails = z.strictObject({
  email: emailField,
  name: requiredText(PAYMENT_MESSAGES.cardNameRequired).max(100),
  country: requiredText(PAYMENT_MESSAGES.countryRequired).length(2),
  postal_code: zipCodeField,
});

/** What Stripe.js does in the browser when Stripe is configured. */
export const localCreatePaymentMethodRequest = z.strictObject({
  number: cardNumberField,
  exp_month: z
    .number({ error: PAYMENT_MESSAGES.cardExpiryInvalid })
    .int()
    .min(1, PAYMENT_MESSAGES.cardExpiryInvalid)
    .max(12, PAYMENT_MESSAGES.cardExpiryInvalid),
  exp_year: z
    .number({ error: PAYMENT_MESSAGES.cardExpiryInvalid })
    .int()
    .min(2000, PAYMENT_MESSAGES.cardExpiryInvalid)
    .max(2100, PAYMENT_MESSAGES.cardExpiryInvalid),
  cvc: cardCvcField,
  billing_details: billingDetails.optional(),
});

export const paymentMethodDetails = z.object({
  paymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  // Saved payment method: email, name, country, postalCode.
  email: z.string().nullable(),
  name: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type PaymentMethodDetails = z.infer<typeof paymentMethodDetails>;

export const subscriptionSummary = z.object({
  subscriptionId: z.string(),
  // Stripe's statuses: active, past_due, canceled, incomplete, …
  status: z.string(),
  active: z.boolean(),
  quantity: z.number().int(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
});

export const billingInfo = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  customerId: z.string().nullable(),
  hasPaymentMethod: z.boolean(),
  active: z.boolean(),
  subscription: subscriptionSummary.nullable(),
  // Active users of the business, the subscription's quantity.
  activeUsers: z.number().int(),
  pricePerUser: z.number(),
});
export type BillingInfo = z.infer<typeof billingInfo>;

export const invoice = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  // ISO dates; shown as MM-DD-YYYY to MM-DD-YYYY.
  periodStart: z.string(),
  periodEnd: z.string(),
  // Dollars, e.g. 99.98.
  amountPaid: z.number(),
  status: z.string(),
  // Last digits of the charged card.
  chargedCard: z.string().nullable(),
  paymentInfo: z.string().nullable(),
  // Where the PDF downloads from; null when there is none.
  invoicePdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

export const billingCalls = {
  localCreatePaymentMethod: defineCall({
    ...billingCallPaths.localCreatePaymentMethod,
    summary: 'Local provider only: turn card details into a payment method id, as Stripe.js does',
    request: localCreatePaymentMethodRequest,
    response: z.object({ paymentMethodId: z.string() }),
  }),
  createCustomer: defineCall({
    ...billingCallPaths.createCustomer,
    summary: "Create the billing customer of the caller's business (a personal business when there is none)",
    request: z.strictObject({ user_id: idField.optional(), price_id: text().max(200).optional() }),
    response: z.object({ customerId: z.string() }),
  }),
  updatePayment: defineCall({
    ...billingCallPaths.updatePayment,
    summary: 'Attach a payment method to the customer and make it the default',
    request: z.strictObject({ payment_method_id: text().min(1).max(200) }),
    response: paymentMethodDetails,
  }),
  startSubscription: defineCall({
    ...billingCallPaths.startSubscription,
    summary: 'Subscribe the business: quantity = active users, priced per user per month',
    request: z.strictObject({ subscription_type: z.literal(SUBSCRIPTION_TYPE) }),
    response: subscriptionSummary,
  }),
  getPaymentMethod: defineCall({
    ...billingCallPaths.getPaymentMethod,
    summary: "The business's default payment method",
    request: emptyRequest,
    response: z.object({ paymentMethodDetails: paymentMethodDetails.nullable() }),
  }),
  get: defineCall({
    ...billingCallPaths.get,
    summary: "The business's billing state",
    request: emptyRequest,
    response: billingInfo,
  }),
  invoices: defineCall({
    ...billingCallPaths.invoices,
    summary: "The business's invoices (admins only)",
    request: z.strictObject({ user_id: idField.optional() }),
    response: z.object({ invoices: z.array(invoice) }),
  }),
} as const;
