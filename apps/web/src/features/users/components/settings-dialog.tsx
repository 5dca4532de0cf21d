import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, type SettingsDialogForm, settingsDialogForm, splitFullName } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/use-notify';
import { useGetCurrentUserQuery } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateUserMutation } from '../account-api';

/**
 * The settings dialog variant: one name field split on spaces, the e-mail read-only,
 * and a new password with its confirmation; a blank password is not sent.
 */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const titleId = useId();
  const { data: user } = useGetCurrentUserQuery();
  const [updateUser, { isLoading }] = useUpdateUserMutation();

  const valuesOf = (u: typeof user): SettingsDialogForm => ({
    name: u ? `${u.firstName} ${u.lastName}`.trim() : '',
    email: u?.email ?? '',
    password: '',
    passwordConfirmation: '',
  });
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(settingsDialogForm),
    defaultValues: valuesOf(user),
  });

  // Fresh values each time it opens: the user may have changed them elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesOf only reads `user`.
  useEffect(() => {
    if (open) reset(valuesOf(user));
  }, [open, user, reset]);

  const save = handleSubmit(async ({ name, password }) => {
    const { firstName, lastName } = splitFullName(name);
    try {
      await updateUser({
        user: { first_name: firstName, last_name: lastName, ...(password !== '' && { password }) },
      }).unwrap();
      notify.success(MESSAGES.settingsUpdated);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.updateUserFailed));
    }
  });

  return (
    <Dialog open={open} onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" onSubmit={save} noValidate>
        <DialogTitle id={titleId}>Settings</DialogTitle>
        <DialogContent>
          <FormTextField control={control} name="name" label="Name" autoComplete="name" autoFocus />
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            slotProps={{ input: { readOnly: true } }}
          />
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            CANCEL
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            SAVE
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
