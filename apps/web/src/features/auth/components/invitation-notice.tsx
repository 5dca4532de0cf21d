import Alert from '@mui/material/Alert';
import { errorMessage } from '../../../lib/api-error';
import type { PendingInvite } from '../../../lib/invite-storage';
import { useGetGroupInvitePreviewQuery } from '../api';

export const ACCEPT_BY_SIGNING_IN = 'Sign in or sign up to accept the invitation.';

/** On sign-in and sign-up after an invite link: who invites to which group, and how to accept. */
export function InvitationNotice({ invite }: { invite: PendingInvite | null }) {
  const isGroup = invite?.inviteAction === 'GROUP_INVITE';
  const preview = useGetGroupInvitePreviewQuery(
    { group_id: Number(invite?.inviteId), invite_code: invite?.inviteCode ?? '' },
    { skip: !isGroup || !Number.isInteger(Number(invite?.inviteId)) },
  );
  if (!invite) return null;
  if (isGroup && preview.isLoading) return null;
  if (isGroup && preview.isError) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {errorMessage(preview.error, 'This invitation link is not valid.')}
      </Alert>
    );
  }
  let who = 'You were invited to an opportunity.';
  if (isGroup) {
    who = preview.data
      ? `${preview.data.inviterName} invited you to the group ${preview.data.groupName}.`
      : 'You were invited to a group.';
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      <div>{who}</div>
      <div>{ACCEPT_BY_SIGNING_IN}</div>
    </Alert>
  );
}
