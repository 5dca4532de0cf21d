import { zodResolver } from '@hookform/resolvers/zod';
import { GROUP_MESSAGES, type GroupInviteForm, groupInviteForm } from '@leadcircle/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useInviteToGroupMutation } from '../api';

// Names no fallback for a failed group invite.
const inviteFailed = 'Invite group user failed.';

/** The invite user dialog: one e-mail address, then the success snackbar. */
export function InviteUserDialog({ groupId, onClose }: { groupId: number; onClose: () => void }) {
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
    <FormDialog
      title="Invite user"
      description="We e-mail your colleague a link that adds them to this group."
      serverError={serverError}
      isBusy={isLoading}
      submitLabel="Send invite"
      maxWidth="xs"
      onSubmit={send}
      onClose={onClose}
    >
      <FormTextField control={control} name="email" label="Email" type="email" autoFocus />
    </FormDialog>
  );
}
