import { describe, expect, it } from 'vitest';
import { emailMatchKey, nameCompanyMatchKey } from '../format/match-keys.js';
import { outcomeStepForm } from './outcome.js';
import { dollarsToCents, formatCents, memberRatingSummary, OUTCOME_MESSAGES } from './outcome-terms.js';

describe('the outcome step form', () => {
  const issues = (value: unknown) => {
    const parsed = outcomeStepForm.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('takes Won with whole cents, Lost with a reason, other stages bare', () => {
    expect(issues({ stage: 'WON', amount: 12000.5 })).toEqual([]);
    expect(issues({ stage: 'LOST', lost_reason: 'NO_BUDGET', note: 'Next year' })).toEqual([]);
    expect(issues({ stage: 'MEETING' })).toEqual([]);
  });

  it('says what is wrong', () => {
    expect(issues({ stage: 'WON' })).toEqual([{ path: 'amount', message: OUTCOME_MESSAGES.amountRequired }]);
    expect(issues({ stage: 'WON', amount: 0.001 })).toEqual([
      { path: 'amount', message: OUTCOME_MESSAGES.amountCents },
    ]);
    expect(issues({ stage: 'WON', amount: -1 })).toEqual([
      { path: 'amount', message: OUTCOME_MESSAGES.amountPositive },
    ]);
    expect(issues({ stage: 'LOST' })).toEqual([{ path: 'lost_reason', message: OUTCOME_MESSAGES.reasonRequired }]);
    expect(issues({ stage: 'CONTACTED', amount: 5 })).toEqual([
      { path: 'amount', message: OUTCOME_MESSAGES.amountOnlyWon },
    ]);
  });
});

describe('money and keys', () => {
  it('turns dollars into cents only with at most two decimals', () => {
    expect(dollarsToCents(12000)).toBe(1_200_000);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBeUndefined();
    expect(dollarsToCents(999_999_999.99)).toBe(99_999_999_999);
    expect(dollarsToCents(999_999_999.995)).toBeUndefined();
    expect(formatCents(1_200_000)).toBe('$12,000.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123_456_789_012)).toBe('$1,234,567,890.12');
    expect(formatCents(99_900)).toBe('$999.00');
    expect(OUTCOME_MESSAGES.amountTooLarge).toBe('Amount must be at most $1,000,000,000.00');
  });

  it('collapses case and spaces in names and e-mails', () => {
    expect(emailMatchKey('  Jane@Example.COM ')).toBe('jane@example.com');
    expect(nameCompanyMatchKey(' Jane ', 'de  la Cruz', 'ACME   Corp')).toBe('jane|de la cruz|acme corp');
    expect(nameCompanyMatchKey('Jane', '', 'Acme')).toBeNull();
  });
});

describe('memberRatingSummary', () => {
  it('says the rating with its quality stars and the leads won and lost', () => {
    expect(memberRatingSummary(3.8, { quality: 4, won: 1, lost: 0 })).toBe('3.8 · 4★ quality, 1 lead won, 0 lost');
    expect(memberRatingSummary(2.9, { quality: 4.5, won: 2, lost: 3 })).toBe('2.9 · 4.5★ quality, 2 leads won, 3 lost');
    expect(memberRatingSummary(2.3, { quality: null, won: 0, lost: 1 })).toBe(
      '2.3 · no quality stars yet, 0 leads won, 1 lost',
    );
  });
});
