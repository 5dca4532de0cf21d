import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUSINESS_MESSAGES,
  BUSINESS_USER_ROLES,
  BUSINESS_USER_STATUSES,
  type BusinessUser,
  type BusinessUserForm,
  businessUserForm,
} from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/billing-format';
import { useInviteBusinessUserMutation, useRemoveBusinessUserMutation, useUpdateBusinessUserMutation } from '../api';

/** What the business pays now: active users and the price of one, when it has a subscription. */
export interface Seats {
  activeUsers: number;
  pricePerUser: number;
}

interface BusinessUserDialogProps {
  businessId: number;
  /** The user to edit; none to add one. */
  user: BusinessUser | null;
  seats: Seats | null;
  onClose: () => void;
}

function SelectField({
  control,
  name,
  label,
  options,
  disabled,
}: {
  control: Control<BusinessUserForm>;
  name: 'role' | 'status';
  label: string;
  options: readonly string[];
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          select
          label={label}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
          fullWidth
          margin="normal"
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The seat change a save makes, in words, before the admin confirms it (no proration: next invoice). */
export function seatChangeText(seats: Seats, change: 1 | -1): string {
  const users = seats.activeUsers + change;
  const monthly = formatMoney(Math.round(users * seats.pricePerUser * 100) / 100);
  const diff = formatMoney(seats.pricePerUser);
  return change > 0
    ? `When they accept, your subscription grows to ${users} users: ${monthly} a month (+${diff}) from your next invoice.`
    : `Your subscription goes down to ${users} ${users === 1 ? 'user' : 'users'}: ${monthly} a month (−${diff}) from your next invoice.`;
}

/**
 * Add or edit a business user: names and email read-only when editing; the status
 * is INVITED and fixed when adding; choosing INACTIVE removes the user from the business.
 */
export function BusinessUserDialog({ businessId, user, seats, onClose }: BusinessUserDialogProps) {
  const isEditing = user !== null;
  const notify = useNotify();
  const [serverError, setServerError] = useState<string | null>(null);
  const [invite, inviteState] = useInviteBusinessUserMutation();
  const [update, updateState] = useUpdateBusinessUserMutation();
  const [remove, removeState] = useRemoveBusinessUserMutation();
  const { control, handleSubmit } = useForm<BusinessUserForm>({
    resolver: zodResolver(businessUserForm),
    defaultValues: user
      ? {
          firstName: user.user.firstName,
          lastName: user.user.lastName,
          email: user.user.email,
          role: user.role,
          status: user.status,
        }
      : { firstName: '', lastName: '', email: '', role: 'SALES', status: 'INVITED' },
  });
  const status = useWatch({ control, name: 'status' });
  const isDeactivating = isEditing && user.status === 'ACTIVE' && status === 'INACTIVE';

  const save = handleSubmit(async (values) => {
    setServerError(null);
    let fallback: string = BUSINESS_MESSAGES.inviteFailed;
    try {
      if (!user) {
        await invite({
          business_id: businessId,
          first_name: values.firstName,
          last_name: values.lastName,
          email: values.email,
          role: values.role,
          status: 'INVITED',
        }).unwrap();
        notify.success(`We have sent an invitation to ${values.email}.`);
      } else if (isDeactivating) {
        fallback = BUSINESS_MESSAGES.removeFailed;
        await remove({ business_id: businessId, user_id: user.user.userId }).unwrap();
        notify.success(`${values.firstName} ${values.lastName} is now inactive.`);
      } else {
        fallback = BUSINESS_MESSAGES.updateFailed;
        if (values.role !== user.role) {
          await update({ business_id: businessId, user_id: user.user.userId, role: values.role }).unwrap();
        }
        notify.success('The user has been updated.');
      }
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, BUSINESS_MESSAGES.dialogFailed));
      notify.error(errorMessage(error, fallback));
    }
  });

  const seatNote = seats && (isEditing ? isDeactivating && seatChangeText(seats, -1) : seatChangeText(seats, 1));
  // An inactive user comes back by being invited again (ADD USER): here they stay INACTIVE.
  const statusOptions = isEditing
    ? BUSINESS_USER_STATUSES.filter((s) => s !== 'INVITED')
    : BUSINESS_USER_STATUSES.filter((s) => s === 'INVITED');

  return (
    <FormDialog
      title={isEditing ? 'Edit user' : 'Add user'}
      serverError={serverError}
      isBusy={inviteState.isLoading || updateState.isLoading || removeState.isLoading}
      submitLabel={isEditing ? 'SAVE' : 'ADD USER'}
      onSubmit={save}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="firstName"
        label="First Name"
        autoFocus={!isEditing}
        slotProps={{ htmlInput: { readOnly: isEditing } }}
      />
      <FormTextField
        control={control}
        name="lastName"
        label="Last Name"
        slotProps={{ htmlInput: { readOnly: isEditing } }}
      />
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        slotProps={{ htmlInput: { readOnly: isEditing } }}
      />
      <SelectField control={control} name="role" label="Role" options={BUSINESS_USER_ROLES} />
      <SelectField
        control={control}
        name="status"
        label="Status"
        options={statusOptions}
        disabled={!isEditing || user.status === 'INVITED' || user.status === 'INACTIVE'}
      />
      {seatNote && (
        <Alert severity="info" sx={{ mt: 1 }} role="note" aria-label="Cost change">
          {seatNote}
        </Alert>
      )}
    </FormDialog>
  );
}
