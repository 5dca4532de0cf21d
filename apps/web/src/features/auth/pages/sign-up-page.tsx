import { MESSAGES, ROUTES } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router';
import { CenteredLayout } from '../../../components/centered-layout';
import { FormTextField } from '../../../components/form-text-field';
import { lazyZodResolver, useLoadResolver } from '../../../components/lazy-zod-resolver';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { authNavigationState, readNavigationState } from '../../../lib/navigation-state';
import { useEmailSignupMutation } from '../api';
import { InvitationNotice } from '../components/invitation-notice';
import { LegalFooter } from '../components/legal-footer';
import { inviteOf } from '../use-finish-sign-in';

// The form's schema loads after the screen shows (docs/decisions/performance.md).
const resolver = lazyZodResolver(() => import('@leadcircle/shared/forms/auth').then((m) => m.signUpForm));

export function SignUpPage() {
  const location = useLocation();
  const navState = readNavigationState(authNavigationState, location.state) ?? {};
  const notify = useNotify();
  const [emailSignup, { isLoading }] = useEmailSignupMutation();
  const [isCreated, setIsCreated] = useState(false);

  useLoadResolver(resolver);
  const { control, handleSubmit } = useForm({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: navState.email ?? '', password: '', passwordConfirmation: '' },
  });

  const submit = handleSubmit(async ({ firstName, lastName, email, password }) => {
    // Someone invited to a group or an opportunity signs up with the invite: the confirmation link
    // carries it, and the invite is accepted once the address is confirmed.
    const { inviteAction, inviteId, inviteCode } = navState;
    const hasInvite = Boolean(inviteId && inviteCode);
    const groupInvite =
      hasInvite && inviteAction === 'GROUP_INVITE' ? { group_id: Number(inviteId), group_invite_code: inviteCode } : {};
    const opportunityInvite =
      hasInvite && inviteAction === 'OPPORTUNITY_INVITE'
        ? { opportunity_id: Number(inviteId), opportunity_invite_code: inviteCode }
        : {};
    try {
      await emailSignup({
        first_name: firstName,
        last_name: lastName,
        email,
        password,
        ...groupInvite,
        ...opportunityInvite,
      }).unwrap();
      // The page itself says so (one message, not a snackbar as well).
      setIsCreated(true);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.signupFailed));
    }
  });

  return (
    <CenteredLayout title="Sign up" footer={<LegalFooter />}>
      {isCreated ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          {MESSAGES.signupSuccess}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <InvitationNotice invite={inviteOf(navState)} />
          <FormTextField control={control} name="firstName" label="First name" autoComplete="given-name" autoFocus />
          <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" />
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <FormTextField
            control={control}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
          />
          <FormTextField
            control={control}
            name="passwordConfirmation"
            label="Password confirmation"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} sx={{ mt: 2 }}>
            Create my account
          </Button>
        </Box>
      )}
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Link component={RouterLink} to={ROUTES.signIn} state={location.state} variant="body2">
          Already have an account? Sign in
        </Link>
      </Box>
    </CenteredLayout>
  );
}
