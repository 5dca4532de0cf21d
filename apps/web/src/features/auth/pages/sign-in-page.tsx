import { MESSAGES, ROUTES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router';
import { CenteredLayout } from '../../../components/centered-layout';
import { FormTextField } from '../../../components/form-text-field';
import { lazyZodResolver, useLoadResolver } from '../../../components/lazy-zod-resolver';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { authNavigationState, readNavigationState } from '../../../lib/navigation-state';
import { readRememberedEmail, rememberEmail } from '../../../lib/remembered-email';
import { useLoginMutation } from '../api';
import { InvitationNotice } from '../components/invitation-notice';
import { ProviderButtons, useHasProviders } from '../components/provider-buttons';
import { inviteOf, useFinishSignIn } from '../use-finish-sign-in';

// The form's schema loads after the screen shows (docs/decisions.md, "Performance").
const resolver = lazyZodResolver(() => import('@leadcircle/shared/forms/auth').then((m) => m.signInForm));

export function SignInPage() {
  const location = useLocation();
  const navState = readNavigationState(authNavigationState, location.state) ?? {};
  const finishSignIn = useFinishSignIn();
  const invite = inviteOf(navState);
  const notify = useNotify();
  const [login, { isLoading }] = useLoginMutation();
  const hasProviders = useHasProviders();

  const rememberedEmail = readRememberedEmail();
  useLoadResolver(resolver);
  const { control, handleSubmit } = useForm({
    resolver,
    defaultValues: { email: navState.email ?? rememberedEmail ?? '', password: '', remember: rememberedEmail !== null },
  });

  // The LinkedIn callback comes back here with its error.
  const { linkedInLoginError } = navState;
  useEffect(() => {
    if (linkedInLoginError) notify.error(linkedInLoginError);
  }, [linkedInLoginError, notify]);

  const submit = handleSubmit(async ({ email, password, remember }) => {
    try {
      const tokens = await login({ email, password }).unwrap();
      rememberEmail(remember ? email : null);
      // Signed in: the public-only guard now takes the visitor to the remembered origin or /redirect.
      finishSignIn(tokens, invite);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loginFailed));
    }
  });

  return (
    <CenteredLayout title="Sign in">
      <InvitationNotice invite={invite} />
      <Box component="form" onSubmit={submit} noValidate>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Controller
            control={control}
            name="remember"
            render={({ field: { value, onChange, ...field } }) => (
              <FormControlLabel
                control={<Checkbox {...field} checked={value} onChange={(event) => onChange(event.target.checked)} />}
                label="Remember me"
              />
            )}
          />
          <Link component={RouterLink} to={ROUTES.forgotPassword} variant="body2">
            I forgot my password
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} sx={{ mt: 2 }}>
          Sign in
        </Button>
      </Box>
      {hasProviders && (
        <>
          <Divider sx={{ my: 3 }}>or</Divider>
          <ProviderButtons invite={invite} onSignedIn={(tokens) => finishSignIn(tokens, invite)} />
        </>
      )}
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        {/* The invite data and the pre-filled address go on to sign up. */}
        <Link component={RouterLink} to={ROUTES.signUp} state={location.state} variant="body2">
          Don't have an account? Sign up
        </Link>
      </Box>
    </CenteredLayout>
  );
}
