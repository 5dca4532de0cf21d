import { zodResolver } from '@hookform/resolvers/zod';
import { type GroupInviteForm, groupInviteForm, OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useInviteToOpportunityMutation } from '../api';

/** The invite user dialog of an opportunity: one e-mail address, then the snackbar. */
export function ShareDialog({ opportunityId, onClose }: { opportunityId: number; onClose: () => void }) {
  const notify = useNotify();
  const [serverError, setServerError] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteToOpportunityMutation();
  const { control, handleSubmit } = useForm<GroupInviteForm>({
    resolver: zodResolver(groupInviteForm),
    defaultValues: { email: '' },
  });

  const send = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await invite({ opportunity_id: opportunityId, email: values.email }).unwrap();
      notify.success(OPPORTUNITY_MESSAGES.inviteSent);
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, OPPORTUNITY_MESSAGES.inviteFailed));
    }
  });

  return (
    <FormDialog
      title="Share opportunity"
      description="We e-mail your colleague a link that shares this opportunity with them."
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
