import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { store } from '../../core/store';
import { readStoredInvite, storeInvite } from '../../lib/invite-storage';
import { answerCalls, bodiesSentTo } from '../../test/fake-server';
import { useAcceptPendingInvite } from './use-accept-pending-invite';

afterEach(() => window.localStorage.clear());

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

/** Runs the hook's acceptance once and answers where it says to go. */
async function acceptPendingInvite(): Promise<string | null> {
  const { result } = renderHook(() => useAcceptPendingInvite(), { wrapper });
  let next: string | null = null;
  await act(async () => {
    next = await result.current();
  });
  return next;
}

describe('useAcceptPendingInvite', () => {
  it('does nothing when no invite is stored', async () => {
    const calls = answerCalls({});
    expect(await acceptPendingInvite()).toBeNull();
    expect(calls).toEqual([]);
  });

  it("accepts a group invite with the stored id as a number, then goes to the group's users", async () => {
    storeInvite({ inviteId: '12', inviteCode: 'c0de', inviteAction: 'GROUP_INVITE' });
    const calls = answerCalls({ '/api/group/add_invited': { status: 200, body: {} } });
    expect(await acceptPendingInvite()).toBe('/groups/12/users');
    expect(bodiesSentTo(calls, '/api/group/add_invited')).toEqual([{ group_id: 12, invite_code: 'c0de' }]);
    expect(readStoredInvite()).toBeNull();
  });

  it('accepts an opportunity invite, then goes to the opportunity list', async () => {
    storeInvite({ inviteId: '9', inviteCode: 'c0de', inviteAction: 'OPPORTUNITY_INVITE' });
    const calls = answerCalls({ '/api/opportunity/user/invite_accept': { status: 200, body: {} } });
    expect(await acceptPendingInvite()).toBe('/opportunities');
    expect(bodiesSentTo(calls, '/api/opportunity/user/invite_accept')).toEqual([
      { opportunity_id: 9, invite_code: 'c0de' },
    ]);
    expect(bodiesSentTo(calls, '/api/group/add_invited')).toEqual([]);
    expect(readStoredInvite()).toBeNull();
  });

  it('clears the stored invite when acceptance fails too, and goes nowhere', async () => {
    storeInvite({ inviteId: '12', inviteCode: 'used', inviteAction: 'GROUP_INVITE' });
    const calls = answerCalls({
      '/api/group/add_invited': { status: 409, body: { message: 'This invitation has already been used.' } },
    });
    expect(await acceptPendingInvite()).toBeNull();
    expect(bodiesSentTo(calls, '/api/group/add_invited')).toHaveLength(1);
    expect(readStoredInvite()).toBeNull();
  });
});
