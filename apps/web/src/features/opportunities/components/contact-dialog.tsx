import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_INFO_KINDS,
  type ContactFormInput,
  type ContactFormValues,
  type ContactInfoKind,
  contactFieldsFromForm,
  contactForm,
  formatPhone,
  MAX_CONTACT_INFO_KINDS,
  OPPORTUNITY_MESSAGES,
  type OpportunityContact,
  TEXT_AREA_DEFAULT_ROWS,
} from '@leadcircle/shared';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { errorMessage } from '../../../lib/api-error';
import { useCreateContactMutation, useUpdateContactMutation } from '../api';

const KIND_LABELS: Record<ContactInfoKind, string> = { email: 'Email', phone: 'Phone', linkedin: 'LinkedIn' };
const KIND_INPUTS: Record<ContactInfoKind, { type: string; autoComplete: string }> = {
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  linkedin: { type: 'url', autoComplete: 'off' },
};
const readOnly = { input: { readOnly: true } };

interface ContactDialogProps {
  opportunityId: number;
  /** Edit mode when a contact is passed, add mode otherwise. */
  contact?: OpportunityContact;
  onClose: () => void;
  onSuccess: (contact: OpportunityContact) => void;
}

function defaultValues(contact: OpportunityContact | undefined): ContactFormInput {
  if (!contact) {
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
    };
  }
  const kinds = CONTACT_INFO_KINDS.filter((kind) => Boolean(contact[kind]));
  return {
    first_name: contact.firstName,
    last_name: contact.lastName,
    title: contact.title,
    company: contact.company,
    contactKinds: kinds.length > 0 ? kinds : ['email'],
    email: contact.email ?? '',
    phone: contact.phone ? formatPhone(contact.phone) : '',
    linkedin: contact.linkedin ?? '',
    notes: contact.notes ?? '',
  };
}

/**
 * The create or edit contact dialog: the lead form without the address. In edit mode
 * the names, company and title are read-only and the contact's info kinds cannot be removed.
 */
export function ContactDialog({ opportunityId, contact, onClose, onSuccess }: ContactDialogProps) {
  const isEdit = contact !== undefined;
  const [serverError, setServerError] = useState<string | null>(null);
  const [kindMenu, setKindMenu] = useState<HTMLElement | null>(null);
  const [create, createState] = useCreateContactMutation();
  const [update, updateState] = useUpdateContactMutation();
  const isBusy = createState.isLoading || updateState.isLoading;
  const { control, handleSubmit, setValue, trigger, formState, watch, getValues, getFieldState } = useForm<
    ContactFormInput,
    unknown,
    ContactFormValues
  >({ resolver: zodResolver(contactForm), mode: 'all', defaultValues: defaultValues(contact) });
  const kinds = useWatch({ control, name: 'contactKinds' });
  const isValid = contactForm.safeParse(useWatch({ control })).success;
  const unchosen = CONTACT_INFO_KINDS.filter((kind) => !kinds.includes(kind));
  // The kinds the contact has: fixed in edit mode.
  const fixedKinds = contact ? CONTACT_INFO_KINDS.filter((kind) => Boolean(contact[kind])) : [];

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
    void trigger(['contactKinds', ...next]);
  };
  const addKind = (kind: ContactInfoKind) => {
    setKindMenu(null);
    if (kinds.length < MAX_CONTACT_INFO_KINDS && !kinds.includes(kind)) setKinds([...kinds, kind]);
  };
  const removeKind = (kind: ContactInfoKind) => {
    if (kinds.length <= 1 || fixedKinds.includes(kind)) return;
    setValue(kind, '', { shouldDirty: true });
    setKinds(kinds.filter((k) => k !== kind));
  };

  const save = handleSubmit(async (values) => {
    setServerError(null);
    const fields = contactFieldsFromForm(values);
    try {
      const saved = contact
        ? await update({ contact_id: contact.contactId, opportunity_id: opportunityId, ...fields }).unwrap()
        : await create({ opportunity_id: opportunityId, contact_id: 0, ...fields }).unwrap();
      onSuccess(saved);
    } catch (error) {
      setServerError(
        errorMessage(
          error,
          isEdit ? OPPORTUNITY_MESSAGES.contactUpdateFailed : OPPORTUNITY_MESSAGES.contactCreateFailed,
        ),
      );
    }
  });

  return (
    <FormDialog
      title={isEdit ? 'Edit Contact' : 'Create Contact'}
      serverError={serverError}
      isBusy={isBusy}
      submitLabel={isEdit ? 'Save' : 'Create'}
      // Add mode starts empty, so a valid form is a changed one; edit mode needs a change too.
      submitDisabled={!isValid || (isEdit && !formState.isDirty)}
      onSubmit={save}
      onClose={onClose}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <FormTextField
          control={control}
          name="first_name"
          label="First Name"
          autoFocus={!isEdit}
          slotProps={isEdit ? readOnly : undefined}
        />
        <FormTextField control={control} name="last_name" label="Last Name" slotProps={isEdit ? readOnly : undefined} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <FormTextField control={control} name="title" label="Position" slotProps={isEdit ? readOnly : undefined} />
        <FormTextField control={control} name="company" label="Company" slotProps={isEdit ? readOnly : undefined} />
      </Stack>
      {kinds.map((kind) => (
        <Stack key={kind} direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <FormTextField
            control={control}
            name={kind}
            label={KIND_LABELS[kind]}
            type={KIND_INPUTS[kind].type}
            autoComplete={KIND_INPUTS[kind].autoComplete}
          />
          {!fixedKinds.includes(kind) && (
            <IconButton
              aria-label={`Remove ${KIND_LABELS[kind]}`}
              onClick={() => removeKind(kind)}
              disabled={kinds.length <= 1}
              sx={{ mt: 3 }}
            >
              <CloseIcon />
            </IconButton>
          )}
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
                {KIND_LABELS[kind]}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      <FormTextField control={control} name="notes" label="Notes" multiline rows={TEXT_AREA_DEFAULT_ROWS} />
    </FormDialog>
  );
}
