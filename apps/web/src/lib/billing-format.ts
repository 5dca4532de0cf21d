import { SUBSCRIPTION_PRICE_PER_USER } from '@leadcircle/shared';
import { numberFormat } from './intl-format';

// Money, dates and cards as the billing screens show them.

const formatUsd = numberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$49.99`: amounts are dollars, always with cents (amount prefixed with $). */
export function formatMoney(amount: number): string {
  return formatUsd(amount);
}

// The banner's "50" is the spec price rounded up to whole dollars.
const BANNER_DOLLARS_PER_USER = Math.ceil(SUBSCRIPTION_PRICE_PER_USER);

/** The banner total: 50 × active users − 0.01; the subscriber counts as at least one. */
export function bannerTotal(activeUsers: number): number {
  const users = Math.max(1, activeUsers);
  // In cents, so 99.99 is not 99.98999999.
  return (BANNER_DOLLARS_PER_USER * 100 * users - 1) / 100;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A calendar day (held as UTC midnight) as MM-DD-YYYY. */
export function formatCalendarDate(date: Date): string {
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${pad(date.getUTCFullYear(), 4)}`;
}

/**
 * One month from the person's today, as a calendar day; the 31st of January gives the last day of
 * February, as card subscriptions do.
 */
export function nextPaymentDate(today: Date): Date {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(today.getDate(), lastDay)));
}

// Billing periods arrive as ISO dates or timestamps; the server keeps them in UTC.
function formatServerDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : formatCalendarDate(date);
}

/** `MM-DD-YYYY to MM-DD-YYYY`. */
export function formatBillingPeriod(periodStart: string, periodEnd: string): string {
  return `${formatServerDate(periodStart)} to ${formatServerDate(periodEnd)}`;
}

export interface SubscriptionBannerText {
  pricePerUser: string;
  activeUsers: number;
  total: string;
  nextPayment: string;
}

/** The fixed-price subscription banner. */
export function subscriptionBanner(activeUsers: number, today: Date): SubscriptionBannerText {
  return {
    pricePerUser: formatMoney(SUBSCRIPTION_PRICE_PER_USER),
    activeUsers: Math.max(1, activeUsers),
    total: formatMoney(bannerTotal(activeUsers)),
    nextPayment: formatCalendarDate(nextPaymentDate(today)),
  };
}
