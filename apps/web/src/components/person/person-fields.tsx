import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddressInput,
  CONTACT_INFO_KINDS,
  type ContactInfoKind,
  formatPhone,
  MAX_CONTACT_INFO_KINDS,
  type PersonFormFields,
  type PersonRecord,
  TEXT_AREA_DEFAULT_ROWS,
} from '@leadcircle/shared';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect, useState } from 'react';
import {
  Controller,
  type DefaultValues,
  type FieldValues,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import type { z } from 'zod';
import { AddressField } from '../address-field';
import { FormTextField } from '../form-text-field';

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
const readOnly = { input: { readOnly: true } };

/** A person form's first values: empty (email chosen), or the person's, with the kinds it has (email first). */
export function personFormValues(person: PersonRecord | undefined): PersonFormFields {
  if (!person) {
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
  // Email alone when it has none.
  const kinds = CONTACT_INFO_KINDS.filter((kind) => Boolean(person[kind]));
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    title: person.title,
    company: person.company,
    contactKinds: kinds.length > 0 ? kinds : ['email'],
    email: person.email ?? '',
    phone: person.phone ? formatPhone(person.phone) : '',
    linkedin: person.linkedin ?? '',
    notes: person.notes ?? '',
  };
}

/** A person form's values as the shared parts see them; a lead's form adds its address. */
type PersonFieldValues = PersonFormFields & { address?: AddressInput | null };
type PersonFormMethods = UseFormReturn<PersonFieldValues>;

/**
 * A person dialog's form (lead or contact), checked by its shared schema on every change. `form` is
 * typed by the schema for the dialog's own use (values to send, its extra fields); `person` is the
 * same form seen through the fields every person form has, for PersonFields.
 */
export function usePersonForm<Input extends FieldValues & PersonFormFields, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode: 'all', defaultValues });
  const person = form as unknown as PersonFormMethods;
  const { watch, getValues, getFieldState, trigger } = person;
  // Checked on every change, in step with what the person sees (react-hook-form's isValid settles later).
  const isValid = schema.safeParse(useWatch({ control: form.control })).success;
  // Read on every render: react-hook-form tracks isDirty only once it has been read, and a read
  // skipped while the form was invalid would leave submit disabled after the last field fills it.
  const { isDirty } = form.formState;

  // One contact value fixes the one-of rule on the others: check again those that report it.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (!CONTACT_INFO_KINDS.some((kind) => kind === name)) return;
      const others = getValues('contactKinds').filter((kind) => kind !== name && getFieldState(kind).error);
      if (others.length > 0) void trigger(others);
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, getFieldState, trigger]);

  return { form, person, isValid, isDirty };
}

interface PersonFieldsProps {
  person: PersonFormMethods;
  /** Edit mode of a contact: the names, position and company cannot be changed. */
  namesReadOnly?: boolean;
  /** Contact-info kinds that cannot be removed (a contact's own, in edit mode). */
  fixedKinds?: readonly ContactInfoKind[];
  /** The address field, when the form has one (a lead's). */
  withAddress?: boolean;
  disabled?: boolean;
  /** Shown under the contact info, where the person is typing (a lead's duplicate warning). */
  children?: ReactNode;
}

/**
 * The person fields of a dialog: names, position and company; the chosen contact-info kinds (email
 * first, up to 3, each once) with ADD CONTACT INFO; the address when asked for; notes.
 */
export function PersonFields({
  person,
  namesReadOnly = false,
  fixedKinds = [],
  withAddress = false,
  disabled,
  children,
}: PersonFieldsProps) {
  const { control, setValue, trigger } = person;
  const [kindMenu, setKindMenu] = useState<HTMLElement | null>(null);
  const kinds = useWatch({ control, name: 'contactKinds' });
  const unchosen = CONTACT_INFO_KINDS.filter((kind) => !kinds.includes(kind));
  const names = namesReadOnly ? readOnly : undefined;

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
    if (kinds.length <= 1 || fixedKinds.includes(kind)) return;
    setValue(kind, '', { shouldDirty: true });
    setKinds(kinds.filter((k) => k !== kind));
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <FormTextField
          control={control}
          name="first_name"
          label="First Name"
          autoFocus={!namesReadOnly}
          slotProps={names}
        />
        <FormTextField control={control} name="last_name" label="Last Name" slotProps={names} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
        <FormTextField control={control} name="title" label="Position" slotProps={names} />
        <FormTextField control={control} name="company" label="Company" slotProps={names} />
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
          {!fixedKinds.includes(kind) && (
            <IconButton
              aria-label={`Remove ${CONTACT_KIND_LABELS[kind]}`}
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
                {CONTACT_KIND_LABELS[kind]}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      {children}
      {withAddress && (
        <Controller
          control={control}
          name="address"
          render={({ field, fieldState }) => (
            <AddressField
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              disabled={disabled}
            />
          )}
        />
      )}
      <FormTextField control={control} name="notes" label="Notes" multiline rows={TEXT_AREA_DEFAULT_ROWS} />
    </>
  );
}
