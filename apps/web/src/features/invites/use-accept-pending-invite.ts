import { ROUTES, routePath } from '@leadcircle/shared';
import { useCallback } from 'react';
import { clearStoredInvite, readStoredInvite } from '../../lib/invite-storage';
import { useAcceptGroupInviteMutation, useAcceptOpportunityInviteMutation } from './api';

/**
 * Accepts the invite stored before sign-in and answers where to go next:
 * the group's user list or the opportunity list, or null when there was none or it failed.
 * The stored invite is cleared either way; errors are only logged.
 */
export function useAcceptPendingInvite(): () => Promise<string | null> {
  const [acceptGroupInvite] = useAcceptGroupInviteMutation();
  const [acceptOpportunityInvite] = useAcceptOpportunityInviteMutation();

  return useCallback(async () => {
    const invite = readStoredInvite();
    if (!invite) return null;
    clearStoredInvite();
    // Stored as text (local storage); the calls take a number.
    const id = Number(invite.inviteId);
    try {
      if (invite.inviteAction === 'GROUP_INVITE') {
        await acceptGroupInvite({ group_id: id, invite_code: invite.inviteCode }).unwrap();
        return routePath(ROUTES.groupUsers, { group_id: id });
      }
      await acceptOpportunityInvite({ opportunity_id: id, invite_code: invite.inviteCode }).unwrap();
      return ROUTES.opportunities;
    } catch {
      // Only logged: the base query has reported the failed call.
      return null;
    }
  }, [acceptGroupInvite, acceptOpportunityInvite]);
}
