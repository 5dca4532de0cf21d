import { MESSAGES, ROUTES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import { CenteredLayout } from '../../../components/centered-layout';
import { FormTextField } from '../../../components/form-text-field';
import { lazyZodResolver, useLoadResolver } from '../../../components/lazy-zod-resolver';
import { useNotify } from '../../../components/use-notify';
import { useAppDispatch } from '../../../core/hooks';
import { startSession } from '../../../core/session-slice';
import { emailTokenState, readNavigationState } from '../../../lib/navigation-state';
import { useEmailConfirmationActionMutation } from '../api';

// The form's schema loads after the screen shows (docs/decisions/performance.md).
const resolver = lazyZodResolver(() => import('@leadcircle/shared/forms/auth').then((m) => m.resetPasswordForm));

export function ResetPasswordPage() {
  const location = useLocation();
  const link = readNavigationState(emailTokenState, location.state);
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [confirmAction, { isLoading }] = useEmailConfirmationActionMutation();
  useLoadResolver(resolver);
  const { control, handleSubmit } = useForm({
    resolver,
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    if (!link) return;
    try {
      const tokens = await confirmAction({ token: link.token, action: 'RESET_PASSWORD', password }).unwrap();
      // Signed in with the new password: the public-only guard goes on to /redirect.
      dispatch(startSession(tokens));
    } catch {
      notify.error(MESSAGES.resetPasswordError);
    }
  });

  // Only reachable from the e-mailed link, which brings the token and the address.
  if (!link) return <Navigate to={ROUTES.root} replace />;

  return (
    <CenteredLayout title="Reset password">
      <Typography variant="body2" color="text.secondary" align="center">
        {link.email}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <FormTextField
          control={control}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
        />
        <FormTextField
          control={control}
          name="passwordConfirmation"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        {/* The label's spelling is the product's. */}
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} sx={{ mt: 2 }}>
          REST PASSWORD
        </Button>
      </Box>
    </CenteredLayout>
  );
}
