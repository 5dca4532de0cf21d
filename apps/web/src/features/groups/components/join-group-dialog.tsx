import { zodResolver } from '@hookform/resolvers/zod';
import { GROUP_MESSAGES, type JoinGroupForm, joinGroupForm, ROUTES, routePath } from '@leadcircle/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paymentRequired, selectGroupDialogError, selectGroupDialogPayload } from '../../../app/modals/modals-slice';
import type { AppDispatch } from '../../../app/store';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-error';
import { navigateTo } from '../../../lib/navigation';
import { useGetCurrentUserQuery } from '../../users/api';
import { isPaymentMethodRequired, joinGroupWithPassword, type PendingGroupAdd } from '../pending-actions';

const emptyForm: JoinGroupForm = { groupName: '', groupPassword: '' };
export const PAYMENT_WENT_THROUGH = 'Payment successful: your subscription is active.';

/** The join group dialog (spec 000 §4, §5), shown by the modal host as 'joinGroup'. */
export function JoinGroupDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { data: user } = useGetCurrentUserQuery();
  // A join that failed after paying comes back here with its error and the fields as typed.
  const handedBack = useAppSelector((state) => selectGroupDialogError(state, 'joinGroup'));
  const handedBackForm = useAppSelector((state) => selectGroupDialogPayload(state, 'joinGroup')) as
    | PendingGroupAdd
    | undefined;
  const [serverError, setServerError] = useState<string | null>(
    handedBack ? errorMessage(handedBack, GROUP_MESSAGES.addFailed) : null,
  );
  const [isBusy, setIsBusy] = useState(false);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(joinGroupForm),
    defaultValues: handedBackForm
      ? { groupName: handedBackForm.groupName, groupPassword: handedBackForm.privateCode }
      : emptyForm,
  });

  const join = handleSubmit(async (values) => {
    setServerError(null);
    const payload: PendingGroupAdd = { groupName: values.groupName, privateCode: values.groupPassword };
    // Without a payment method the join waits for the payment dialog (spec 000 §4, §6).
    if (!user?.hasPaymentMethod) {
      dispatch(paymentRequired({ name: 'groupAdd', payload }));
      return;
    }
    setIsBusy(true);
    try {
      const groupId = await joinGroupWithPassword(payload, dispatch as AppDispatch);
      onClose();
      navigateTo(routePath(ROUTES.groupLeads, { group_id: groupId }));
    } catch (error) {
      if (isPaymentMethodRequired(error)) dispatch(paymentRequired({ name: 'groupAdd', payload }));
      else setServerError(errorMessage(error, GROUP_MESSAGES.addFailed));
    } finally {
      setIsBusy(false);
    }
  });

  return (
    <FormDialog
      title="Join group"
      description="Type the group's name and the password its creator gave you."
      notice={handedBack ? PAYMENT_WENT_THROUGH : undefined}
      serverError={serverError}
      isBusy={isBusy}
      submitLabel="Join"
      maxWidth="xs"
      onSubmit={join}
      onClose={onClose}
    >
      <FormTextField control={control} name="groupName" label="Group name" autoFocus />
      <FormTextField control={control} name="groupPassword" label="Group password" type="password" />
    </FormDialog>
  );
}
