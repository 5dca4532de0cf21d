import { describe, expect, it } from 'vitest';
import { CRM_TEST_REASONS } from './business.js';

describe('CRM test reasons', () => {
  it('says "second" for one second and "seconds" for more', () => {
    expect(CRM_TEST_REASONS.timeout(1)).toBe('The CRM did not answer within 1 second.');
    expect(CRM_TEST_REASONS.timeout(10)).toBe('The CRM did not answer within 10 seconds.');
  });
});
