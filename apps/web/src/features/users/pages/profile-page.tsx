import { zodResolver } from '@hookform/resolvers/zod';
import { type CurrentUser, MESSAGES, type ProfileForm, profileForm } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { useGetCurrentUserQuery } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateUserMutation } from '../account-api';
import { AvatarField } from '../components/avatar-field';
import { DeleteAccountButton } from '../components/delete-account-button';

const formValuesOf = (user: CurrentUser): ProfileForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  company: user.company ?? '',
  title: user.title ?? '',
});

function ProfileEditor({ user }: { user: CurrentUser }) {
  const notify = useNotify();
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(profileForm),
    defaultValues: formValuesOf(user),
  });

  // A change saved elsewhere (the settings dialog) shows here at once; fields being edited keep their text.
  useEffect(() => {
    reset(formValuesOf(user), { keepDirtyValues: true });
  }, [user, reset]);

  const save = handleSubmit(async ({ firstName, lastName, company, title }) => {
    try {
      const updated = await updateUser({
        user: { first_name: firstName, last_name: lastName, company, title },
      }).unwrap();
      reset(formValuesOf(updated));
      notify.success(MESSAGES.profileUpdated);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.unknownErrorProfile));
    }
  });

  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 'auto' }}>
        <AvatarField user={user} />
      </Grid>
      <Grid size={{ xs: 12, md: 'grow' }}>
        <Box component="form" onSubmit={save} noValidate sx={{ maxWidth: 560 }}>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="firstName" label="First name" autoComplete="given-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="company" label="Company" autoComplete="organization" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="title" label="Title" autoComplete="organization-title" />
            </Grid>
          </Grid>
          <TextField
            label="Email"
            value={user.email}
            fullWidth
            margin="normal"
            slotProps={{ input: { readOnly: true } }}
            helperText="Your sign-in address can't be changed here."
          />
          <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={isLoading}>
              SAVE
            </Button>
          </Stack>
        </Box>
        <Divider sx={{ my: 4 }} />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Close your account
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Deleting your account signs you out for good and erases your personal data.
        </Typography>
        <DeleteAccountButton />
      </Grid>
    </Grid>
  );
}

/** My settings, Profile. */
export function ProfilePage() {
  const { data: user } = useGetCurrentUserQuery();
  return (
    <>
      <Typography component="h2" variant="h5" gutterBottom>
        Profile information
      </Typography>
      {user ? <ProfileEditor user={user} /> : <PageSpinner />}
    </>
  );
}
