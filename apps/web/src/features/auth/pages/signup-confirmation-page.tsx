import { EMAIL_CONFIRMATION_REDIRECT_MS, MESSAGES, ROUTES } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { CenteredLayout } from '../../../components/centered-layout';
import { useAppDispatch } from '../../../core/hooks';
import { startSession } from '../../../core/session-slice';
import { errorMessage } from '../../../lib/api-error';
import { useClientConfig } from '../../../lib/client-config';
import { storeInvite } from '../../../lib/invite-storage';
import { emailTokenState, readNavigationState } from '../../../lib/navigation-state';
import { useEmailConfirmationActionMutation } from '../api';

type Outcome = { status: 'confirming' } | { status: 'confirmed' } | { status: 'failed'; message: string };

export function SignupConfirmationPage() {
  const location = useLocation();
  const link = readNavigationState(emailTokenState, location.state);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { supportEmail } = useClientConfig();
  const [confirmAction] = useEmailConfirmationActionMutation();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'confirming' });
  // The token is single use: confirm once, even when React runs effects twice in development.
  const hasConfirmed = useRef(false);

  useEffect(() => {
    if (!link || hasConfirmed.current) return;
    hasConfirmed.current = true;
    confirmAction({ token: link.token, action: 'SIGNUP_CONFIRMATION' })
      .unwrap()
      .then((tokens) => {
        // The invite the account was created with is accepted by the redirect screen.
        if (link.group_id && link.group_invite_code) {
          storeInvite({ inviteId: link.group_id, inviteCode: link.group_invite_code, inviteAction: 'GROUP_INVITE' });
        } else if (link.opportunity_id && link.opportunity_invite_code) {
          storeInvite({
            inviteId: link.opportunity_id,
            inviteCode: link.opportunity_invite_code,
            inviteAction: 'OPPORTUNITY_INVITE',
          });
        }
        dispatch(startSession(tokens));
        setOutcome({ status: 'confirmed' });
      })
      .catch((error: unknown) => {
        setOutcome({ status: 'failed', message: errorMessage(error, MESSAGES.emailConfirmationFailed) });
      });
  }, [link, confirmAction, dispatch]);

  useEffect(() => {
    if (outcome.status !== 'confirmed') return;
    const timer = setTimeout(() => navigate(ROUTES.redirect, { replace: true }), EMAIL_CONFIRMATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome.status, navigate]);

  if (!link) return <Navigate to={ROUTES.root} replace />;

  return (
    <CenteredLayout title="Email confirmation">
      {outcome.status === 'confirming' && (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress aria-label="Loading" />
          <Typography>{MESSAGES.confirmingEmail}</Typography>
        </Stack>
      )}
      {outcome.status === 'confirmed' && <Alert severity="success">{MESSAGES.confirmationSuccess}</Alert>}
      {outcome.status === 'failed' && (
        <Alert severity="error">
          <Typography variant="body2">{outcome.message}</Typography>
          <Typography variant="body2">
            Please contact support
            {supportEmail && (
              <>
                {' at '}
                <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
              </>
            )}
            .
          </Typography>
        </Alert>
      )}
    </CenteredLayout>
  );
}
