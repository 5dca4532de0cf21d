import {
  CONTACT_INFO_KINDS,
  contactFieldsFromForm,
  contactForm,
  OPPORTUNITY_MESSAGES,
  type OpportunityContact,
} from '@leadcircle/shared';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { PersonFields, personFormValues, usePersonForm } from '../../../components/person/person-fields';
import { errorMessage } from '../../../lib/api-error';
import { useCreateContactMutation, useUpdateContactMutation } from '../api';

interface ContactDialogProps {
  opportunityId: number;
  /** Edit mode when a contact is passed, add mode otherwise. */
  contact?: OpportunityContact;
  onClose: () => void;
  onSuccess: (contact: OpportunityContact) => void;
}

/**
 * The create or edit contact dialog: the lead form without the address. In edit mode
 * the names, company and title are read-only and the contact's info kinds cannot be removed.
 */
export function ContactDialog({ opportunityId, contact, onClose, onSuccess }: ContactDialogProps) {
  const isEdit = contact !== undefined;
  const [serverError, setServerError] = useState<string | null>(null);
  const [create, createState] = useCreateContactMutation();
  const [update, updateState] = useUpdateContactMutation();
  const isBusy = createState.isLoading || updateState.isLoading;
  const { form, person, isValid, isDirty } = usePersonForm(contactForm, personFormValues(contact));
  // The kinds the contact has: fixed in edit mode.
  const fixedKinds = contact ? CONTACT_INFO_KINDS.filter((kind) => Boolean(contact[kind])) : [];

  const save = form.handleSubmit(async (values) => {
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
      submitDisabled={!(isValid && isDirty)}
      onSubmit={save}
      onClose={onClose}
    >
      <PersonFields person={person} namesReadOnly={isEdit} fixedKinds={fixedKinds} />
    </FormDialog>
  );
}
