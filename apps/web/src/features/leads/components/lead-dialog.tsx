import {
  LEAD_MESSAGES,
  type Lead,
  type LeadFormInput,
  leadFieldsFromForm,
  leadForm,
  toAddressInput,
} from '@leadcircle/shared';
import { useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { PersonFields, personFormValues, usePersonForm } from '../../../components/person/person-fields';
import { errorMessage } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCheckDuplicatesQuery, useCreateLeadMutation, useUpdateLeadMutation } from '../api';
import { duplicateCheck, sameCheck } from '../duplicate-check';
import { DuplicateWarning } from './duplicate-warning';

interface LeadDialogProps {
  groupId: number;
  /** Edit mode when a lead is passed, add mode otherwise. */
  lead?: Lead;
  onClose: () => void;
  /** Called with the saved lead; the caller closes the dialog. */
  onSuccess: (lead: Lead) => void;
}

// The duplicate check waits for a pause in typing.
const DUPLICATE_CHECK_DELAY_MS = 400;

/** The leads of the group the dialog's fields match, asked again (after a pause) whenever one of them changes. */
function useDuplicates(groupId: number, leadId: number | undefined, control: Control<LeadFormInput>) {
  const [first_name, last_name, company, email, phone, linkedin] = useWatch({
    control,
    name: ['first_name', 'last_name', 'company', 'email', 'phone', 'linkedin'],
  });
  const check = duplicateCheck(groupId, leadId, { first_name, last_name, company, email, phone, linkedin });
  const settled = useDebouncedValue(check, DUPLICATE_CHECK_DELAY_MS, sameCheck);
  const isCurrent = sameCheck(settled, check);
  const answer = useCheckDuplicatesQuery(settled ?? { group_id: groupId }, { skip: settled === null });
  // What the fields held a moment ago says nothing about them now; a failed check says nothing at all.
  return isCurrent && settled !== null && !answer.isError ? (answer.currentData?.duplicates ?? []) : [];
}

function defaultValues(lead: Lead | undefined): LeadFormInput {
  return { ...personFormValues(lead), address: lead ? toAddressInput(lead.address) : null };
}

/**
 * The create or edit lead dialog: names, position and company; the chosen
 * contact-info kinds (email first, up to 3, each once, at least one filled); the address; notes.
 * Submit is disabled unless the form is valid and changed. A lead of the group with the same e-mail,
 * phone, LinkedIn profile, or name and company is named with who submitted it and when, with a way to
 * open it; the submit button then reads 'Submit anyway'.
 */
export function LeadDialog({ groupId, lead, onClose, onSuccess }: LeadDialogProps) {
  const isEdit = lead !== undefined;
  const [serverError, setServerError] = useState<string | null>(null);
  const [createLead, createState] = useCreateLeadMutation();
  const [updateLead, updateState] = useUpdateLeadMutation();
  const isBusy = createState.isLoading || updateState.isLoading;
  const { form, person, isValid, isDirty } = usePersonForm(leadForm, defaultValues(lead));
  const duplicates = useDuplicates(groupId, lead?.leadId, form.control);

  const save = form.handleSubmit(async (values) => {
    setServerError(null);
    const fields = leadFieldsFromForm(values);
    try {
      const saved = lead
        ? await updateLead({ lead_id: lead.leadId, group_id: groupId, ...fields }).unwrap()
        : await createLead({ group_id: groupId, lead: { lead_id: 0, ...fields } }).unwrap();
      onSuccess(saved);
    } catch (error) {
      setServerError(errorMessage(error, isEdit ? LEAD_MESSAGES.updateFailed : LEAD_MESSAGES.createFailed));
    }
  });

  return (
    <FormDialog
      title={isEdit ? 'Edit Lead' : 'Create Lead'}
      serverError={serverError}
      isBusy={isBusy}
      submitLabel={duplicates.length > 0 ? 'Submit anyway' : isEdit ? 'Save' : 'Create'}
      submitDisabled={!(isValid && isDirty)}
      onSubmit={save}
      onClose={onClose}
    >
      <PersonFields person={person} withAddress disabled={isBusy}>
        {/* Under the fields it matches on, where the person is typing. */}
        {duplicates.length > 0 && <DuplicateWarning groupId={groupId} duplicates={duplicates} onOpen={onClose} />}
      </PersonFields>
    </FormDialog>
  );
}
