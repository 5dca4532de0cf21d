import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddressInput,
  CONTACT_INFO_KINDS,
  type ContactInfoKind,
  formatPhone,
  LEAD_MESSAGES,
  type Lead,
  type LeadFormInput,
  type LeadFormValues,
  leadFieldsFromForm,
  leadForm,
  MAX_CONTACT_INFO_KINDS,
  TEXT_AREA_DEFAULT_ROWS,
  toAddressInput,
} from '@leadcircle/shared';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { AddressField } from '../../../components/address-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCheckDuplicatesQuery, useCreateLeadMutation, useUpdateLeadMutation } from '../api';
import { duplicateCheck, sameCheck } from '../duplicate-check';
import { DuplicateWarning } from './duplicate-warning';

const CONTACT_KIND_LABELS: Record<ContactInfoKind, string> = {
  email: 'Email',
  phone: 'Phone',
  linkedin: 'LinkedIn',
};

// Each kind's input: its type (the phone keypad, the e-mail keyboard) and what the browser may fill in.
const contactInputs: Record<ContactInfoKind, { type: string; autoComplete: string }> = {
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  linkedin: { type: 'url', autoComplete: 'off' },
};

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
  if (!lead) {
    return {
      first_name: '',
      last_name: '',
      title: '',
      company: '',
      contactKinds: ['email'],
      email: '',
      phone: '',
      linkedin: '',
      notes: '',
      address: null,
    };
  }
  // The kinds the lead has, email first; email alone when it has none.
  const kinds = CONTACT_INFO_KINDS.filter((kind) => Boolean(lead[kind]));
  return {
    first_name: lead.firstName,
    last_name: lead.lastName,
    title: lead.title,
    company: lead.company,
    contactKinds: kinds.length > 0 ? kinds : ['email'],
    email: lead.email ?? '',
    phone: lead.phone ? formatPhone(lead.phone) : '',
    linkedin: lead.linkedin ?? '',
    notes: lead.notes ?? '',
    address: toAddressInput(lead.address),
  };
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
  const [kindMenu, setKindMenu] = useState<HTMLElement | null>(null);
  const [createLead, createState] = useCreateLeadMutation();
  const [updateLead, updateState] = useUpdateLeadMutation();
  const isBusy = createState.isLoading || updateState.isLoading;
  const { control, handleSubmit, setValue, trigger, formState, watch, getValues, getFieldState } = useForm<
    LeadFormInput,
    unknown,
    LeadFormValues
  >({
    resolver: zodResolver(leadForm),
    mode: 'all',
    defaultValues: defaultValues(lead),
  });
  const kinds = useWatch({ control, name: 'contactKinds' });
  // Checked on every change, in step with what the person sees (react-hook-form's isValid settles later).
  const isValid = leadForm.safeParse(useWatch({ control })).success;
  // Read on every render: react-hook-form tracks isDirty only once it has been read, and a read
  // skipped while the form was invalid would leave Create disabled after the last field (a ZIP code) fills it.
  const { isDirty } = formState;
  const unchosen = CONTACT_INFO_KINDS.filter((kind) => !kinds.includes(kind));
  const duplicates = useDuplicates(groupId, lead?.leadId, control);

  // One contact value fixes the one-of rule on the others: check again those that report it.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (!CONTACT_INFO_KINDS.some((kind) => kind === name)) return;
      const others = getValues('contactKinds').filter((kind) => kind !== name && getFieldState(kind).error);
      if (others.length > 0) void trigger(others);
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, getFieldState, trigger]);

  const setKinds = (next: ContactInfoKind[]) => {
    setValue('contactKinds', next, { shouldDirty: true });
    // One validation: the kinds themselves, and the one-of rule reported on each chosen kind's field.
    void trigger(['contactKinds', ...next]);
  };
  const addKind = (kind: ContactInfoKind) => {
    setKindMenu(null);
    if (kinds.length < MAX_CONTACT_INFO_KINDS && !kinds.includes(kind)) setKinds([...kinds, kind]);
  };
  const removeKind = (kind: ContactInfoKind) => {
    if (kinds.length <= 1) return;
    setValue(kind, '', { shouldDirty: true });
    setKinds(kinds.filter((k) => k !== kind));
  };

  const save = handleSubmit(async (values) => {
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
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <FormTextField control={control} name="first_name" label="First Name" autoFocus />
        <FormTextField control={control} name="last_name" label="Last Name" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <FormTextField control={control} name="title" label="Position" />
        <FormTextField control={control} name="company" label="Company" />
      </Stack>
      {kinds.map((kind) => (
        <Stack key={kind} direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <FormTextField
            control={control}
            name={kind}
            label={CONTACT_KIND_LABELS[kind]}
            type={contactInputs[kind].type}
            autoComplete={contactInputs[kind].autoComplete}
          />
          <IconButton
            aria-label={`Remove ${CONTACT_KIND_LABELS[kind]}`}
            onClick={() => removeKind(kind)}
            disabled={kinds.length <= 1}
            sx={{ mt: 3 }}
          >
            <CloseIcon />
          </IconButton>
        </Stack>
      ))}
      {kinds.length < MAX_CONTACT_INFO_KINDS && unchosen.length > 0 && (
        <>
          <Button
            startIcon={<AddIcon />}
            onClick={(event) => setKindMenu(event.currentTarget)}
            aria-haspopup="menu"
            aria-expanded={kindMenu !== null}
          >
            ADD CONTACT INFO
          </Button>
          <Menu anchorEl={kindMenu} open={kindMenu !== null} onClose={() => setKindMenu(null)}>
            {unchosen.map((kind) => (
              <MenuItem key={kind} onClick={() => addKind(kind)}>
                {CONTACT_KIND_LABELS[kind]}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      {/* Under the fields it matches on, where the person is typing. */}
      {duplicates.length > 0 && <DuplicateWarning groupId={groupId} duplicates={duplicates} onOpen={onClose} />}
      <Controller
        control={control}
        name="address"
        render={({ field, fieldState }) => (
          <AddressField
            value={(field.value as AddressInput | null | undefined) ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            disabled={isBusy}
          />
        )}
      />
      <FormTextField control={control} name="notes" label="Notes" multiline rows={TEXT_AREA_DEFAULT_ROWS} />
    </FormDialog>
  );
}
