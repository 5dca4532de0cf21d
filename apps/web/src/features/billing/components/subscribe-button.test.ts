import { describe, expect, it } from 'vitest';
import { canSubscribe } from './subscribe-button';

describe('canSubscribe: an admin whose subscription is not active', () => {
  it('shows the Subscribe button only to an admin whose subscription is not active', () => {
    expect(canSubscribe({ role: 'ADMIN', active: false })).toBe(true);
    expect(canSubscribe({ role: 'ADMIN', active: true })).toBe(false);
    expect(canSubscribe({ role: 'SALES', active: false })).toBe(false);
    expect(canSubscribe(undefined)).toBe(false);
  });
});
