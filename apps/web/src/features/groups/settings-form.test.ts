import { FOLLOW_UP_DAYS_DEFAULT, OUTCOME_MESSAGES } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { followUpDaysText } from './settings-form';

describe('the follow-up reminder days', () => {
  it('takes whole days from 1 to 90', () => {
    for (const typed of ['1', String(FOLLOW_UP_DAYS_DEFAULT), ' 30 ', '90']) {
      expect(followUpDaysText.safeParse(typed).success).toBe(true);
    }
  });

  it('refuses anything else with the shared message', () => {
    for (const typed of ['0', '91', '-1', '7.5', 'seven', '']) {
      const result = followUpDaysText.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(OUTCOME_MESSAGES.followUpDaysInvalid);
    }
  });
});
