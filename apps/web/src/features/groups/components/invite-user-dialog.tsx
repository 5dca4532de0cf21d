import { zodResolver } from '@hookform/resolvers/zod';
import { GROUP_MESSAGES, type GroupInviteForm, groupInviteForm } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useInviteToGroupMutation } from '../api';

// Spec 001 §8 names no fallback for a failed group invite.
const inviteFailed = 'Invite group user failed.';

/** The invite user dialog (spec 001 §2, §5, §8): one e-mail address, then the success snackbar. */
export function InviteUserDialog({ groupId, onClose }: { groupId: number; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const [serverError, setServerError] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteToGroupMutation();
  const { control, handleSubmit } = useForm<GroupInviteForm>({
    resolver: zodResolver(groupInviteForm),
    defaultValues: { email: '' },
  });

  const send = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await invite({ group_id: groupId, email: values.email }).unwrap();
      notify.success(GROUP_MESSAGES.inviteSent);
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, inviteFailed));
    }
  });

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" onSubmit={send} noValidate>
        <DialogTitle id={titleId}>Invite user</DialogTitle>
        <DialogContent>
          <DialogContentText>We e-mail your colleague a link that adds them to this group.</DialogContentText>
          {serverError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {serverError}
            </Alert>
          )}
          <FormTextField control={control} name="email" label="Email" type="email" autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Send invite
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
