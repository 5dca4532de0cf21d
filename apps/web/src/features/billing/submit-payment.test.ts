import { PAYMENT_MESSAGES } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { type PaymentSteps, paymentErrorMessage, submitPayment } from './submit-payment';

function fakeSteps(overrides: Partial<PaymentSteps> = {}) {
  const calls: string[] = [];
  const steps: PaymentSteps = {
    createPaymentMethod: async () => {
      calls.push('createPaymentMethod');
      return { paymentMethodId: 'pm_1' };
    },
    getCustomerId: async () => {
      calls.push('getCustomerId');
      return 'cus_1';
    },
    createCustomer: async () => {
      calls.push('createCustomer');
      return 'cus_new';
    },
    updatePayment: async (id) => {
      calls.push(`updatePayment ${id}`);
    },
    startSubscription: async () => {
      calls.push('startSubscription');
      return { active: true };
    },
    ...overrides,
  };
  return { steps, calls };
}

describe('the payment submit: card, customer, payment method, then the subscription', () => {
  it('update mode: creates the payment method, checks the customer, saves the method', async () => {
    const { steps, calls } = fakeSteps();
    expect(await submitPayment('update', steps)).toEqual({ ok: true, message: PAYMENT_MESSAGES.paymentMethodUpdated });
    expect(calls).toEqual(['createPaymentMethod', 'getCustomerId', 'updatePayment pm_1']);
  });

  it('subscribe mode: then starts the subscription', async () => {
    const { steps, calls } = fakeSteps();
    expect(await submitPayment('subscribe', steps)).toEqual({ ok: true, message: null });
    expect(calls).toEqual(['createPaymentMethod', 'getCustomerId', 'updatePayment pm_1', 'startSubscription']);
  });

  it("shows 'Payment failed: {message}' when the card provider refuses the card, and stops", async () => {
    const { steps, calls } = fakeSteps({
      createPaymentMethod: async () => ({ error: 'Your card number is invalid.' }),
    });
    expect(await submitPayment('subscribe', steps)).toEqual({
      ok: false,
      message: 'Payment failed: Your card number is invalid.',
    });
    expect(calls).toEqual([]);
  });

  it('creates the customer when there is none', async () => {
    const { steps, calls } = fakeSteps({ getCustomerId: async () => null });
    expect((await submitPayment('update', steps)).ok).toBe(true);
    expect(calls).toEqual(['createPaymentMethod', 'createCustomer', 'updatePayment pm_1']);
  });

  it("says 'Your stripe customer is not created yet.' when it is still missing", async () => {
    const { steps, calls } = fakeSteps({ getCustomerId: async () => null, createCustomer: async () => '' });
    expect(await submitPayment('update', steps)).toEqual({ ok: false, message: PAYMENT_MESSAGES.customerMissing });
    expect(calls).toEqual(['createPaymentMethod']);
  });

  it("falls back to 'Create stripe customer failed.' when the server gives no message", async () => {
    const { steps } = fakeSteps({
      getCustomerId: async () => null,
      createCustomer: async () => {
        throw { status: 500 };
      },
    });
    expect(await submitPayment('update', steps)).toEqual({ ok: false, message: 'Create stripe customer failed.' });
  });

  it("says 'Your card was declined.' for an error containing card_declined", async () => {
    const { steps, calls } = fakeSteps({
      updatePayment: async () => {
        throw { status: 402, code: 'card_declined', message: 'The card was declined (card_declined).' };
      },
    });
    expect(await submitPayment('subscribe', steps)).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(calls).not.toContain('startSubscription');
  });

  it('shows the server message of other payment errors', async () => {
    const { steps } = fakeSteps({
      updatePayment: async () => {
        throw { status: 402, code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
      },
    });
    expect(await submitPayment('subscribe', steps)).toEqual({
      ok: false,
      message: 'Your card has insufficient funds.',
    });
  });

  it("falls back to 'Update payment failed.' and 'Start subscription failed.'", async () => {
    const failing = async () => {
      throw { status: 500 };
    };
    expect(await submitPayment('update', fakeSteps({ updatePayment: failing }).steps)).toEqual({
      ok: false,
      message: 'Update payment failed.',
    });
    expect(await submitPayment('subscribe', fakeSteps({ startSubscription: failing }).steps)).toEqual({
      ok: false,
      message: 'Start subscription failed.',
    });
  });

  it('a declined charge when subscribing is a declined card too', async () => {
    const { steps } = fakeSteps({
      startSubscription: async () => {
        throw { status: 402, message: 'card_declined' };
      },
    });
    expect(await submitPayment('subscribe', steps)).toEqual({ ok: false, message: 'Your card was declined.' });
  });

  it('does not call a subscription that did not become active a success', async () => {
    const { steps } = fakeSteps({ startSubscription: async () => ({ active: false }) });
    expect(await submitPayment('subscribe', steps)).toEqual({
      ok: false,
      message: PAYMENT_MESSAGES.startSubscriptionFailed,
    });
  });
});

describe('paymentErrorMessage', () => {
  it('finds card_declined in the code or the message', () => {
    expect(paymentErrorMessage({ status: 402, code: 'card_declined' }, 'x')).toBe('Your card was declined.');
    expect(paymentErrorMessage(new Error('Stripe: card_declined'), 'x')).toBe('Your card was declined.');
    expect(paymentErrorMessage({ status: 500 }, 'Fallback.')).toBe('Fallback.');
  });
});
