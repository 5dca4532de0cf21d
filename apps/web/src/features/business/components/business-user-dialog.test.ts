import { describe, expect, it } from 'vitest';
import { seatChangeText } from './business-user-dialog';

describe('seatChangeText', () => {
  it('says what adding a user costs from the next invoice', () => {
    expect(seatChangeText({ activeUsers: 1, pricePerUser: 49.99 }, 1)).toBe(
      'When they accept, your subscription grows to 2 users: $99.98 a month (+$49.99) from your next invoice.',
    );
  });

  it('says what making a user inactive saves, in the singular for one user', () => {
    expect(seatChangeText({ activeUsers: 2, pricePerUser: 49.99 }, -1)).toBe(
      'Your subscription goes down to 1 user: $49.99 a month (−$49.99) from your next invoice.',
    );
  });
});
