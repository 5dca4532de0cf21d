import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-text.js';

const base = { activityId: 9, timestamp: '2026-11-26T05:00:00.000Z', actorUserId: 2, groupId: 4, opportunityId: null };

describe('the inbox lines of lead outcomes', () => {
  it('thanks the giver for closed business, naming who closed it, the amount and the lead, and opens the lead', () => {
    const line = describeActivity({
      ...base,
      type: 'LEAD_WON',
      data: {
        leadWon: {
          activityId: 9,
          groupId: 4,
          leadId: 31,
          leadName: 'Avery Buyer',
          userName: 'Milo Rivera',
          amountCents: 1_200_000,
        },
      },
    });
    expect(line).toEqual({
      text: 'Thank you for closed business: Milo Rivera closed $12,000.00 with your lead Avery Buyer.',
      to: '/groups/4/leads/31',
    });
  });

  it('reminds the assignee of a lead without progress, and opens the lead', () => {
    const line = describeActivity({
      ...base,
      type: 'LEAD_FOLLOW_UP',
      data: { leadFollowUp: { activityId: 9, groupId: 4, leadId: 31, leadName: 'Avery Buyer', days: 7 } },
    });
    expect(line).toEqual({
      text: 'Reminder: Avery Buyer was assigned to you 7 days ago with no progress recorded. How is it going?',
      to: '/groups/4/leads/31',
    });
  });
});
