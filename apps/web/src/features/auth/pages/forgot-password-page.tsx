import { MESSAGES, ROUTES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { CenteredLayout } from '../../../components/centered-layout';
import { FormTextField } from '../../../components/form-text-field';
import { lazyZodResolver, useLoadResolver } from '../../../components/lazy-zod-resolver';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useResetPasswordMutation } from '../api';

// The form's schema loads after the screen shows (docs/decisions/performance.md).
const resolver = lazyZodResolver(() => import('@leadcircle/shared/forms/auth').then((m) => m.forgotPasswordForm));

export function ForgotPasswordPage() {
  const notify = useNotify();
  const [requestReset, { isLoading }] = useResetPasswordMutation();
  useLoadResolver(resolver);
  const { control, handleSubmit } = useForm({
    resolver,
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await requestReset({ email }).unwrap();
      notify.success(MESSAGES.forgotPasswordSuccess);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.unknownErrorForgotPassword));
    }
  });

  return (
    <CenteredLayout title="Forgot password">
      <Box component="form" onSubmit={submit} noValidate>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} sx={{ mt: 2 }}>
          Send e-mail
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Link component={RouterLink} to={ROUTES.signIn} variant="body2">
          Back to sign in
        </Link>
      </Box>
    </CenteredLayout>
  );
}
