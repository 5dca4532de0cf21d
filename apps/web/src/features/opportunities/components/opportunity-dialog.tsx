import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddressInput,
  OPPORTUNITY_MESSAGES,
  type Opportunity,
  type OpportunityDetail,
  type OpportunityFormInput,
  type OpportunityFormValues,
  opportunityForm,
  TEXT_AREA_DEFAULT_ROWS,
  toAddressInput,
} from '@leadcircle/shared';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { AddressField } from '../../../components/address-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-error';
import { useCreateOpportunityMutation, useUpdateOpportunityMutation } from '../api';

interface OpportunityDialogProps {
  /** Edit mode when an opportunity is passed, add mode otherwise. */
  opportunity?: Opportunity;
  /** Add mode from a lead: the starting values, and the lead whose person becomes the first contact. */
  fromLead?: { leadId: number; values: OpportunityFormInput };
  onClose: () => void;
  /** Called with the saved opportunity; the caller closes the dialog. */
  onSuccess: (opportunity: OpportunityDetail) => void;
}

function defaultValues(props: OpportunityDialogProps): OpportunityFormInput {
  if (props.opportunity) {
    const o = props.opportunity;
    return { name: o.name, notes: o.notes, address: toAddressInput(o.address) };
  }
  return props.fromLead?.values ?? { name: '', notes: '', address: null };
}

/**
 * The create or edit opportunity dialog: Name, Description and Location, with the
 * spec's messages. Submit is disabled unless the form is valid (and, when editing, changed).
 */
export function OpportunityDialog(props: OpportunityDialogProps) {
  const { opportunity, fromLead, onClose, onSuccess } = props;
  const isEdit = opportunity !== undefined;
  const [serverError, setServerError] = useState<string | null>(null);
  const [create, createState] = useCreateOpportunityMutation();
  const [update, updateState] = useUpdateOpportunityMutation();
  const isBusy = createState.isLoading || updateState.isLoading;
  const { control, handleSubmit, formState } = useForm<OpportunityFormInput, unknown, OpportunityFormValues>({
    resolver: zodResolver(opportunityForm),
    mode: 'all',
    defaultValues: defaultValues(props),
  });
  const isValid = opportunityForm.safeParse(useWatch({ control })).success;

  const save = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = opportunity
        ? await update({ opportunity_id: opportunity.opportunityId, ...values }).unwrap()
        : await create({ ...values, ...(fromLead && { lead_id: fromLead.leadId }) }).unwrap();
      onSuccess(saved);
    } catch (error) {
      setServerError(
        errorMessage(error, isEdit ? OPPORTUNITY_MESSAGES.updateFailed : OPPORTUNITY_MESSAGES.createFailed),
      );
    }
  });

  return (
    <FormDialog
      title={isEdit ? 'Edit Opportunity' : 'Create Opportunity'}
      description={fromLead ? "The lead's person becomes the opportunity's first contact." : undefined}
      serverError={serverError}
      isBusy={isBusy}
      submitLabel={isEdit ? 'Save' : 'Create'}
      submitDisabled={!isValid || (isEdit && !formState.isDirty)}
      onSubmit={save}
      onClose={onClose}
    >
      <FormTextField control={control} name="name" label="Name" autoFocus />
      <FormTextField control={control} name="notes" label="Description" multiline rows={TEXT_AREA_DEFAULT_ROWS} />
      <Controller
        control={control}
        name="address"
        render={({ field, fieldState }) => (
          <AddressField
            label="Location"
            value={(field.value as AddressInput | null | undefined) ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            disabled={isBusy}
          />
        )}
      />
    </FormDialog>
  );
}
