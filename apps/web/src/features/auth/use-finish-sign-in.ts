import type { Tokens } from '@leadcircle/shared';
import { useCallback } from 'react';
import { useAppDispatch } from '../../core/hooks';
import { startSession } from '../../core/session-slice';
import { type PendingInvite, storeInvite } from '../../lib/invite-storage';

/**
 * Every sign-in ends here (password, Google, Apple, LinkedIn): the invite the visitor came with is
 * kept for the redirect screen to accept, then the session starts and the public-only
 * guard moves on.
 */
export function useFinishSignIn(): (tokens: Tokens, invite: PendingInvite | null) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (tokens, invite) => {
      if (invite) storeInvite(invite);
      dispatch(startSession(tokens));
    },
    [dispatch],
  );
}

/** The invite carried in the sign-in page's navigation state, when it is whole. */
export function inviteOf(state: {
  inviteId?: string;
  inviteCode?: string;
  inviteAction?: PendingInvite['inviteAction'];
}): PendingInvite | null {
  const { inviteId, inviteCode, inviteAction } = state;
  return inviteId && inviteCode && inviteAction ? { inviteId, inviteCode, inviteAction } : null;
}
