import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateGroupWizardForm,
  createGroupWizardForm,
  GROUP_MESSAGES,
  GROUP_TYPE_PRIVATE,
  ROUTES,
  routePath,
} from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paymentRequired, selectGroupDialogError, selectGroupDialogPayload } from '../../../app/modals/modals-slice';
import type { AppDispatch } from '../../../app/store';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-error';
import { navigateTo } from '../../../lib/navigation';
import { useGetCurrentUserQuery } from '../../users/api';
import { useListProductsQuery, useListTargetsQuery, useVerifyGroupExistsMutation } from '../api';
import { createGroupFromWizard, isPaymentMethodRequired, type PendingGroupCreate } from '../pending-actions';
import { PAYMENT_WENT_THROUGH } from './join-group-dialog';

// Spec 000 §4: 1 intro, 2 group name, 3 group code (called 'Group password' everywhere), 4 target industry, 5 product.
const STEPS = ['Intro', 'Group name', 'Group password', 'Target industry', 'Product'] as const;
const stepField: Array<FieldPath<WizardValues> | null> = [null, 'name', 'privateCode', 'targetId', 'productId'];

type WizardValues = { name: string; privateCode: string; targetId: number | ''; productId: number | '' };
const emptyForm: WizardValues = { name: '', privateCode: '', targetId: '', productId: '' };

/** The create group wizard (spec 000 §4), shown by the modal host as 'createGroup'. */
export function CreateGroupWizard({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const { data: user } = useGetCurrentUserQuery();
  // An action that failed after paying comes back here with its error (spec 000 §4).
  const handedBack = useAppSelector((state) => selectGroupDialogError(state, 'createGroup'));
  const handedBackForm = useAppSelector((state) => selectGroupDialogPayload(state, 'createGroup')) as
    | PendingGroupCreate
    | undefined;
  // With the form as filled, on its last step.
  const [step, setStep] = useState(handedBackForm ? STEPS.length - 1 : 0);
  const [serverError, setServerError] = useState<string | null>(
    handedBack ? errorMessage(handedBack, GROUP_MESSAGES.createFailed) : null,
  );
  const [isBusy, setIsBusy] = useState(false);
  const [verifyExists] = useVerifyGroupExistsMutation();
  // The lists load as their steps come near.
  const targets = useListTargetsQuery(undefined, { skip: step < 2 });
  const products = useListProductsQuery(undefined, { skip: step < 3 });
  const { control, trigger, getValues, setError } = useForm<WizardValues, unknown, CreateGroupWizardForm>({
    resolver: zodResolver(createGroupWizardForm) as never,
    defaultValues: handedBackForm
      ? {
          name: handedBackForm.name,
          privateCode: handedBackForm.private_code,
          targetId: handedBackForm.target_id,
          productId: handedBackForm.product_id,
        }
      : emptyForm,
    mode: 'onSubmit',
  });

  const back = () => {
    setServerError(null);
    setStep((s) => Math.max(0, s - 1));
  };

  const next = async () => {
    setServerError(null);
    const field = stepField[step];
    if (field && !(await trigger(field))) return;
    if (step === 1) {
      // Step 2 checks the name on the server before moving on.
      setIsBusy(true);
      try {
        const { exists } = await verifyExists({ group_name: getValues('name').trim() }).unwrap();
        if (exists) {
          setError('name', { message: GROUP_MESSAGES.nameTaken });
          return;
        }
      } catch (error) {
        setServerError(errorMessage(error, GROUP_MESSAGES.createFailed));
        return;
      } finally {
        setIsBusy(false);
      }
    }
    if (step < STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    await create();
  };

  const create = async () => {
    const values = getValues();
    const payload: PendingGroupCreate = {
      name: values.name.trim(),
      private_code: values.privateCode,
      target_id: Number(values.targetId),
      product_id: Number(values.productId),
      group_type: GROUP_TYPE_PRIVATE,
    };
    // Without a payment method the action waits for the payment dialog (spec 000 §4, §6).
    if (!user?.hasPaymentMethod) {
      dispatch(paymentRequired({ name: 'groupCreate', payload }));
      return;
    }
    setIsBusy(true);
    try {
      const groupId = await createGroupFromWizard(payload, dispatch as AppDispatch);
      onClose();
      navigateTo(routePath(ROUTES.groupLeads, { group_id: groupId }));
    } catch (error) {
      if (isPaymentMethodRequired(error)) dispatch(paymentRequired({ name: 'groupCreate', payload }));
      else setServerError(errorMessage(error, GROUP_MESSAGES.createFailed));
    } finally {
      setIsBusy(false);
    }
  };

  const isLast = step === STEPS.length - 1;
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
      >
        <DialogTitle id={titleId}>Create group</DialogTitle>
        <DialogContent>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 2 }}>
            {STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {handedBack && (
            <Alert severity="success" sx={{ mb: 1 }}>
              {PAYMENT_WENT_THROUGH}
            </Alert>
          )}
          {serverError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {serverError}
            </Alert>
          )}
          {step === 0 && (
            <DialogContentText>
              A group is a private circle of sales professionals who exchange leads. Choose its name and a group
              password that members type to join, then the industry you target and the product you sell.
            </DialogContentText>
          )}
          {step === 1 && <FormTextField control={control} name="name" label="Group name" autoFocus />}
          {step === 2 && (
            <FormTextField control={control} name="privateCode" label="Group password" type="password" autoFocus />
          )}
          {step === 3 && (
            <SelectField
              control={control}
              name="targetId"
              label="Target industry"
              options={(targets.data?.targets ?? []).map((t) => ({ value: t.targetId, label: t.target }))}
            />
          )}
          {step === 4 && (
            <SelectField
              control={control}
              name="productId"
              label="Product"
              options={(products.data?.products ?? []).map((p) => ({ value: p.productId, label: p.product }))}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          {step > 0 && (
            <Button onClick={back} disabled={isBusy}>
              Back
            </Button>
          )}
          <Button type="submit" variant="contained" loading={isBusy}>
            {isLast ? 'Create' : 'Next'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

interface SelectFieldProps {
  control: ReturnType<typeof useForm<WizardValues, unknown, CreateGroupWizardForm>>['control'];
  name: 'targetId' | 'productId';
  label: string;
  options: Array<{ value: number; label: string }>;
}

function SelectField({ control, name, label, options }: SelectFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
          fullWidth
          margin="normal"
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
