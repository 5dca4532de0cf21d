import {
  LEAD_LOST_REASON_LABELS,
  LEAD_LOST_REASONS,
  LEAD_OUTCOME_STAGE_LABELS,
  LEAD_OUTCOME_STAGES,
  type LeadLostReason,
  type LeadOutcomeStage,
  OUTCOME_MESSAGES,
  TEXT_AREA_DEFAULT_ROWS,
} from '@leadcircle/shared';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-error';
import { useRecordLeadOutcomeMutation } from '../api';
import { emptyOutcomeForm, type OutcomeFormValues, outcomeFormErrors, outcomeStep } from '../outcome-form';

type Field = keyof OutcomeFormValues;

/**
 * Record progress: the stage, the amount of business closed (Won, in dollars), why it was lost (Lost)
 * and a note. The shared rule's messages show under a field once it was left, or after Save; the
 * server's refusal shows above the fields.
 */
export function RecordOutcomeDialog({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const [values, setValues] = useState<OutcomeFormValues>(emptyOutcomeForm);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [record, state] = useRecordLeadOutcomeMutation();
  const errors = outcomeFormErrors(values);
  const isValid = Object.keys(errors).length === 0;

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const leave = (field: Field) => () => setTouched((t) => ({ ...t, [field]: true }));
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);
  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: set(field),
    onBlur: leave(field),
    error: shown(field) !== undefined,
    helperText: shown(field),
    fullWidth: true,
    margin: 'normal' as const,
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ stage: true, amount: true, lostReason: true, note: true });
    if (!isValid) return;
    setServerError(null);
    try {
      await record({ lead_id: leadId, ...outcomeStep(values) }).unwrap();
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, OUTCOME_MESSAGES.recordFailed));
    }
  };

  return (
    <FormDialog
      title="Record progress"
      serverError={serverError}
      isBusy={state.isLoading}
      submitLabel="Save"
      submitDisabled={!isValid}
      onSubmit={(event) => void save(event)}
      onClose={onClose}
    >
      {/* The stage's own message waits for Save: opening its menu leaves the field. */}
      <TextField select label="Stage" required {...fieldProps('stage')} onBlur={undefined}>
        {LEAD_OUTCOME_STAGES.map((stage: LeadOutcomeStage) => (
          <MenuItem key={stage} value={stage}>
            {LEAD_OUTCOME_STAGE_LABELS[stage]}
          </MenuItem>
        ))}
      </TextField>
      {values.stage === 'WON' && (
        <TextField
          label="Amount ($)"
          required
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          placeholder="12000"
          {...fieldProps('amount')}
          helperText={shown('amount') ?? 'The business closed, in dollars'}
        />
      )}
      {values.stage === 'LOST' && (
        <TextField select label="Reason" required {...fieldProps('lostReason')}>
          {LEAD_LOST_REASONS.map((reason: LeadLostReason) => (
            <MenuItem key={reason} value={reason}>
              {LEAD_LOST_REASON_LABELS[reason]}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField label="Note" multiline rows={TEXT_AREA_DEFAULT_ROWS} {...fieldProps('note')} />
    </FormDialog>
  );
}
