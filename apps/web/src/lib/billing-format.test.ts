import { SUBSCRIPTION_PRICE_PER_USER } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import {
  bannerTotal,
  formatBillingPeriod,
  formatCalendarDate,
  formatMoney,
  nextPaymentDate,
  subscriptionBanner,
} from './billing-format';

describe('formatMoney', () => {
  it('prefixes the amount with $ and shows cents', () => {
    expect(formatMoney(49.99)).toBe('$49.99');
    expect(formatMoney(100)).toBe('$100.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(2499.5)).toBe('$2,499.50');
  });
});

describe('bannerTotal', () => {
  it('is 50 times the active user count minus 0.01', () => {
    expect(bannerTotal(1)).toBe(49.99);
    expect(bannerTotal(2)).toBe(99.99);
    expect(bannerTotal(3)).toBe(149.99);
    expect(bannerTotal(10)).toBe(499.99);
  });

  it('counts at least the subscriber when the business has no active user yet', () => {
    expect(bannerTotal(0)).toBe(49.99);
  });

  it('derives the 50 from the spec price', () => {
    expect(bannerTotal(1)).toBe(SUBSCRIPTION_PRICE_PER_USER);
  });
});

describe('nextPaymentDate', () => {
  it('is one month from today', () => {
    expect(formatCalendarDate(nextPaymentDate(new Date(2026, 0, 15, 9, 30)))).toBe('02-15-2026');
    expect(formatCalendarDate(nextPaymentDate(new Date(2026, 11, 3)))).toBe('01-03-2027');
  });

  it('keeps to the last day of a shorter month', () => {
    expect(formatCalendarDate(nextPaymentDate(new Date(2026, 0, 31)))).toBe('02-28-2026');
    expect(formatCalendarDate(nextPaymentDate(new Date(2028, 0, 30)))).toBe('02-29-2028');
    expect(formatCalendarDate(nextPaymentDate(new Date(2026, 2, 31)))).toBe('04-30-2026');
  });

  it("uses the person's own calendar day, late in the evening too", () => {
    expect(formatCalendarDate(nextPaymentDate(new Date(2026, 4, 20, 23, 59)))).toBe('06-20-2026');
  });
});

describe('formatBillingPeriod', () => {
  it('reads MM-DD-YYYY to MM-DD-YYYY', () => {
    expect(formatBillingPeriod('2026-01-15T00:00:00.000Z', '2026-02-15T00:00:00.000Z')).toBe(
      '01-15-2026 to 02-15-2026',
    );
  });

  it('takes plain dates as calendar days', () => {
    expect(formatBillingPeriod('2026-12-01', '2027-01-01')).toBe('12-01-2026 to 01-01-2027');
  });

  it('shows a dash for a date it cannot read', () => {
    expect(formatBillingPeriod('soon', '2027-01-01')).toBe('- to 01-01-2027');
  });
});

describe('subscriptionBanner', () => {
  it('states the price per user, the total and the next payment date', () => {
    expect(subscriptionBanner(2, new Date(2026, 5, 10))).toEqual({
      pricePerUser: '$49.99',
      activeUsers: 2,
      total: '$99.99',
      nextPayment: '07-10-2026',
    });
  });
});
