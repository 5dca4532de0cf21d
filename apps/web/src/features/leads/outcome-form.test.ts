import { OUTCOME_MESSAGES } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { emptyOutcomeForm, outcomeFormErrors, outcomeStep, parseDollars } from './outcome-form';

const form = (values: Partial<typeof emptyOutcomeForm>) => ({ ...emptyOutcomeForm, ...values });

describe('the amount as typed', () => {
  it('reads dollars with a $ sign, thousands commas and cents', () => {
    expect(parseDollars('12000')).toBe(12000);
    expect(parseDollars('$12,000')).toBe(12000);
    expect(parseDollars(' 12,000.50 ')).toBe(12000.5);
    expect(parseDollars('-5')).toBe(-5);
  });

  it('is no number when it is not one', () => {
    for (const typed of ['twelve', '12k', '1e5', '12.000.5', '']) expect(parseDollars(typed)).toBeNaN();
  });
});

describe('the Record progress form', () => {
  it('asks for a stage first', () => {
    expect(outcomeFormErrors(form({}))).toEqual({ stage: OUTCOME_MESSAGES.stageInvalid });
  });

  it('sends Meeting with its note only', () => {
    expect(
      outcomeFormErrors(form({ stage: 'MEETING', amount: '5', lostReason: 'NO_NEED', note: ' Tuesday ' })),
    ).toEqual({});
    expect(outcomeStep(form({ stage: 'MEETING', amount: '5', lostReason: 'NO_NEED', note: ' Tuesday ' }))).toEqual({
      stage: 'MEETING',
      note: 'Tuesday',
    });
  });

  it('needs a valid amount for Won', () => {
    expect(outcomeFormErrors(form({ stage: 'WON' }))).toEqual({ amount: OUTCOME_MESSAGES.amountRequired });
    expect(outcomeFormErrors(form({ stage: 'WON', amount: 'lots' }))).toEqual({
      amount: OUTCOME_MESSAGES.amountInvalid,
    });
    expect(outcomeFormErrors(form({ stage: 'WON', amount: '0' }))).toEqual({ amount: OUTCOME_MESSAGES.amountPositive });
    expect(outcomeFormErrors(form({ stage: 'WON', amount: '-100' }))).toEqual({
      amount: OUTCOME_MESSAGES.amountPositive,
    });
    expect(outcomeFormErrors(form({ stage: 'WON', amount: '1000000000.01' }))).toEqual({
      amount: OUTCOME_MESSAGES.amountTooLarge,
    });
    expect(outcomeFormErrors(form({ stage: 'WON', amount: '12.345' }))).toEqual({
      amount: OUTCOME_MESSAGES.amountCents,
    });
    expect(outcomeFormErrors(form({ stage: 'WON', amount: '$12,000' }))).toEqual({});
    expect(outcomeStep(form({ stage: 'WON', amount: '$12,000', lostReason: 'OTHER' }))).toEqual({
      stage: 'WON',
      amount: 12000,
    });
  });

  it('needs a reason for Lost; the note is optional and at most 1000 characters', () => {
    expect(outcomeFormErrors(form({ stage: 'LOST', amount: '12' }))).toEqual({
      lostReason: OUTCOME_MESSAGES.reasonRequired,
    });
    expect(outcomeFormErrors(form({ stage: 'LOST', lostReason: 'CHOSE_COMPETITOR' }))).toEqual({});
    expect(outcomeFormErrors(form({ stage: 'LOST', lostReason: 'OTHER', note: 'x'.repeat(1001) }))).toEqual({
      note: OUTCOME_MESSAGES.noteTooLong,
    });
  });
});
