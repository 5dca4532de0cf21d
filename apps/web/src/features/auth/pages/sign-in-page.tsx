import {
  type CallResponse,
  MESSAGES,
  ROUTES,
  type SignInForm,
  userCallPaths,
  type userCalls,
} from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { CenteredLayout } from '../../../components/centered-layout';
import { lazySchemaValidator, useLightForm } from '../../../components/light-form';
import { TextInputField } from '../../../components/text-input-field';
import { useNotify } from '../../../components/use-notify';
import { signedOutCall } from '../../../core/signed-out-call';
import { errorMessage } from '../../../lib/api-error';
import { authNavigationState, readNavigationState } from '../../../lib/navigation-state';
import { readRememberedEmail, rememberEmail } from '../../../lib/remembered-email';
import { useHasProviders } from '../components/use-has-providers';
import { inviteOf, useFinishSignIn } from '../use-finish-sign-in';

// The sign-in screen is most visitors' first load, kept within its budget
// (docs/decisions/performance.md): the form is a light one (no react-hook-form), the call a plain fetch (no RTK Query),
// the form's schema loads once a field changes, and what only some visitors see loads when they do:
// the invitation (after an invite link) and the providers' buttons (when the server configures one).
const InvitationNotice = lazy(() =>
  import('../components/invitation-notice').then((m) => ({ default: m.InvitationNotice })),
);
const ProviderSection = lazy(() =>
  import('../components/provider-buttons').then((m) => ({ default: m.ProviderSection })),
);

const validator = lazySchemaValidator<SignInForm, SignInForm>(() =>
  import('@leadcircle/shared/forms/auth').then((m) => m.signInForm),
);

export function SignInPage() {
  const location = useLocation();
  const navState = readNavigationState(authNavigationState, location.state) ?? {};
  const finishSignIn = useFinishSignIn();
  const invite = inviteOf(navState);
  const notify = useNotify();
  const [isLoading, setIsLoading] = useState(false);
  const hasProviders = useHasProviders();

  const { values, errors, setValue, handleSubmit } = useLightForm(validator, () => {
    const rememberedEmail = readRememberedEmail();
    return { email: navState.email ?? rememberedEmail ?? '', password: '', remember: rememberedEmail !== null };
  });

  // The LinkedIn callback comes back here with its error.
  const { linkedInLoginError } = navState;
  useEffect(() => {
    if (linkedInLoginError) notify.error(linkedInLoginError);
  }, [linkedInLoginError, notify]);

  const submit = handleSubmit(async ({ email, password, remember }) => {
    setIsLoading(true);
    try {
      const tokens = await signedOutCall<CallResponse<typeof userCalls.login>>(userCallPaths.login, {
        email,
        password,
      });
      rememberEmail(remember ? email : null);
      // Signed in: the public-only guard now takes the visitor to the remembered origin or /redirect.
      finishSignIn(tokens, invite);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loginFailed));
    } finally {
      setIsLoading(false);
    }
  });

  return (
    <CenteredLayout title="Sign in">
      {invite && (
        <Suspense fallback={null}>
          <InvitationNotice invite={invite} />
        </Suspense>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <TextInputField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          value={values.email}
          onChange={(event) => setValue('email', event.target.value)}
          error={errors.email}
        />
        <TextInputField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => setValue('password', event.target.value)}
          error={errors.password}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Checkbox
                name="remember"
                checked={values.remember}
                onChange={(event) => setValue('remember', event.target.checked)}
              />
            }
            label="Remember me"
          />
          <Link component={RouterLink} to={ROUTES.forgotPassword} variant="body2">
            I forgot my password
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} sx={{ mt: 2 }}>
          Sign in
        </Button>
      </Box>
      {hasProviders && (
        <Suspense fallback={null}>
          <ProviderSection invite={invite} onSignedIn={(tokens) => finishSignIn(tokens, invite)} />
        </Suspense>
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
