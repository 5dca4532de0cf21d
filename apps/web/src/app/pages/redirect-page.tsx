import { MESSAGES, ROUTES } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CenteredLayout } from '../../components/centered-layout';
import { PageSpinner } from '../../components/page-spinner';
import { useGetCurrentUserQuery } from '../../core/current-user-api';
import { useAcceptPendingInvite } from '../../features/invites/use-accept-pending-invite';
import { errorMessage, isApiError } from '../../lib/api-error';

// Decides where to go after authentication: admins to manage-users, others to
// activities, after accepting a stored invite.
export function RedirectPage() {
  const { data: user, error, refetch } = useGetCurrentUserQuery();
  const acceptPendingInvite = useAcceptPendingInvite();
  const navigate = useNavigate();
  const hasDecided = useRef(false);

  useEffect(() => {
    if (!user || hasDecided.current) return;
    hasDecided.current = true;
    const decide = async () => {
      if (user.role === 'ADMIN') return ROUTES.adminManageUsers;
      return (await acceptPendingInvite()) ?? ROUTES.activities;
    };
    void decide().then((to) => navigate(to, { replace: true }));
  }, [user, acceptPendingInvite, navigate]);

  // On a 401 the spinner stays while the session rule refreshes the tokens or signs out.
  if (error && !(isApiError(error) && error.status === 401)) {
    return (
      <CenteredLayout>
        <Alert severity="error">{errorMessage(error, MESSAGES.userFetchFailed)}</Alert>
        <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={() => void refetch()}>
          Try again
        </Button>
      </CenteredLayout>
    );
  }
  return <PageSpinner />;
}
