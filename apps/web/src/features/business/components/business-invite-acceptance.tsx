import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetPasswordForm, ROUTES, resetPasswordForm } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { useGetCurrentUserQuery } from '../../../core/current-user-api';
import { useAppDispatch, useAppSelector } from '../../../core/hooks';
import { selectIsSignedIn, startSession } from '../../../core/session-slice';
import { errorMessage } from '../../../lib/api-error';
import { useAcceptBusinessInviteMutation, useGetBusinessInviteQuery } from '../api';

/**
 * The BUSINESS_INVITE link's part of the Download app page: a new person chooses a password and is
 * signed in; someone with an account joins with one click and signs in as usual, or, already signed
 * in as that account, continues into the app.
 */
export function BusinessInviteAcceptance({ token, email }: { token: string; email: string }) {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const me = useGetCurrentUserQuery(undefined, { skip: !isSignedIn });
  const invite = useGetBusinessInviteQuery({ token, email });
  const [accept, acceptState] = useAcceptBusinessInviteMutation();
  const [joined, setJoined] = useState<{ message: string; signedIn: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const join = async (password?: string) => {
    setError(null);
    try {
      const result = await accept({ token, email, ...(password && { password }) }).unwrap();
      if (result.session) dispatch(startSession(result.session));
      // Signed in already as the account that joined: the session goes on.
      const isInviteeSignedIn = me.data?.email.toLowerCase() === email.trim().toLowerCase();
      setJoined({ message: result.message, signedIn: result.session !== null || isInviteeSignedIn });
    } catch (failure) {
      setError(errorMessage(failure, 'The invitation could not be accepted.'));
    }
  };

  let body: ReactNode;
  if (joined) {
    body = (
      <>
        <Alert severity="success">{joined.message}</Alert>
        <Button
          component={RouterLink}
          // Signed in as someone else: signing out leads to sign in.
          to={joined.signedIn ? ROUTES.redirect : isSignedIn ? ROUTES.signOut : ROUTES.signIn}
          variant="contained"
          sx={{ mt: 2 }}
        >
          {joined.signedIn ? 'Continue in the browser' : 'Sign in'}
        </Button>
      </>
    );
  } else if (invite.isLoading) {
    body = <Typography color="text.secondary">Checking your invitation…</Typography>;
  } else if (invite.isError || !invite.data) {
    body = <Alert severity="error">{errorMessage(invite.error, 'This invitation link cannot be used.')}</Alert>;
  } else if (invite.data.hasAccount) {
    body = (
      <>
        <Typography sx={{ mb: 2 }}>
          Join <strong>{invite.data.businessName}</strong> with your account {invite.data.email}.
        </Typography>
        <Button variant="contained" loading={acceptState.isLoading} onClick={() => void join()}>
          JOIN {invite.data.businessName}
        </Button>
      </>
    );
  } else {
    body = (
      <Box component="form" noValidate onSubmit={handleSubmit(({ password }) => join(password))}>
        <Typography>
          Welcome, {invite.data.firstName}. Choose a password to join <strong>{invite.data.businessName}</strong> as{' '}
          {invite.data.email}.
        </Typography>
        <FormTextField control={control} name="password" label="Password" type="password" autoComplete="new-password" />
        <FormTextField
          control={control}
          name="passwordConfirmation"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" loading={acceptState.isLoading} sx={{ mt: 1 }}>
          ACCEPT INVITATION
        </Button>
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2.5, mb: 3 }} component="section" aria-label="Your invitation">
      <Typography component="h2" variant="h6" gutterBottom>
        Your invitation
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {body}
    </Paper>
  );
}
