import { PAYMENT_MESSAGES } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { formatCardNumberInput, formatExpiryInput, parseExpiry, paymentFormSchema } from './payment-form';

const now = () => new Date('2026-05-15T12:00:00Z');

const valid = {
  email: 'dana@example.com',
  cardName: 'Dana Rivera',
  country: 'US',
  zipCode: '94107',
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12 / 30',
  cardCvc: '123',
};

function messagesFor(values: Partial<typeof valid>) {
  const result = paymentFormSchema('local', now).safeParse({ ...valid, ...values });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('parseExpiry', () => {
  it('reads MM / YY and its common spellings', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('04/27')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('0427')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('04 / 2027')).toEqual({ month: 4, year: 2027 });
  });

  it('refuses what is not a month and year', () => {
    expect(parseExpiry('')).toBeNull();
    expect(parseExpiry('1 / 2')).toBeNull();
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('00 / 30')).toBeNull();
    expect(parseExpiry('ab / cd')).toBeNull();
  });
});

describe('typing card fields', () => {
  it('groups the card number by four digits', () => {
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('4242-42')).toBe('4242 42');
    expect(formatCardNumberInput('42424242424242424242')).toBe('4242 4242 4242 4242 424');
  });

  it('puts the slash of MM / YY in by itself', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12 / ');
    expect(formatExpiryInput('123')).toBe('12 / 3');
    expect(formatExpiryInput('12 / 30')).toBe('12 / 30');
    expect(formatExpiryInput('12 / 3099')).toBe('12 / 30');
  });

  it('lets a deleted slash go away', () => {
    expect(formatExpiryInput('12 /')).toBe('12');
  });
});

describe('the payment form with Stripe Elements', () => {
  const stripeForm = paymentFormSchema('stripe', now);

  it('leaves the card to Elements', () => {
    expect(stripeForm.parse({ ...valid, cardNumber: '', cardExpiry: '', cardCvc: '' })).toEqual({
      billing: { email: 'dana@example.com', cardName: 'Dana Rivera', country: 'US', zipCode: '94107' },
      card: null,
    });
  });

  it('still checks the billing details', () => {
    const result = stripeForm.safeParse({ ...valid, zipCode: '941' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      'Zip code must be exactly 5 characters',
    ]);
  });

  it('defaults the country to US', () => {
    const { country: _country, ...withoutCountry } = valid;
    expect(stripeForm.parse(withoutCountry).billing.country).toBe('US');
  });
});

describe('the payment form with our card fields', () => {
  it('accepts a complete form', () => {
    expect(messagesFor({})).toEqual([]);
    expect(paymentFormSchema('local', now).parse(valid)).toEqual({
      billing: { email: 'dana@example.com', cardName: 'Dana Rivera', country: 'US', zipCode: '94107' },
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
  });

  it('has every rule of the payment form with its message', () => {
    expect(messagesFor({ email: '' })).toContain('Email is required');
    expect(messagesFor({ email: 'dana@' })).toContain('Must be a valid email address');
    expect(messagesFor({ cardName: ' ' })).toContain(PAYMENT_MESSAGES.cardNameRequired);
    expect(messagesFor({ zipCode: '' })).toContain('Zip code is required');
    expect(messagesFor({ zipCode: '9410' })).toContain('Zip code must be exactly 5 characters');
    expect(messagesFor({ zipCode: '9410a' })).toContain('Zip code must be a number');
    expect(messagesFor({ country: '' })).toContain(PAYMENT_MESSAGES.countryRequired);
  });

  it('checks the card as Stripe Elements would', () => {
    expect(messagesFor({ cardNumber: '4242 4242 4242 4241' })).toEqual([PAYMENT_MESSAGES.cardNumberInvalid]);
    expect(messagesFor({ cardNumber: '' })).toEqual([PAYMENT_MESSAGES.cardNumberInvalid]);
    expect(messagesFor({ cardExpiry: '12 / ' })).toEqual([PAYMENT_MESSAGES.cardExpiryInvalid]);
    expect(messagesFor({ cardExpiry: '04 / 26' })).toEqual([PAYMENT_MESSAGES.cardExpired]);
    expect(messagesFor({ cardExpiry: '05 / 26' })).toEqual([]);
    expect(messagesFor({ cardCvc: '12' })).toEqual([PAYMENT_MESSAGES.cardCvcInvalid]);
  });
});
