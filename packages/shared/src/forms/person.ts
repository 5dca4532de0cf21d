import { z } from 'zod';
import {
  CONTACT_INFO_KINDS,
  type ContactInfoKind,
  LEAD_EMAIL_MAX,
  LEAD_LINKEDIN_MAX,
  LEAD_NAME_MAX,
  LEAD_NOTES_MAX,
  LINKEDIN_HOST,
  MAX_CONTACT_INFO_KINDS,
} from '../constants.js';
import { isValidPhone } from '../format/phone.js';
import { multilineText, text } from '../text.js';
import { LEAD_MESSAGES } from './lead-messages.js';

// A person record (name, title, company, phone, e-mail, LinkedIn, notes): a lead and an opportunity
// contact are both one. Their forms and calls compose these rules; a lead adds its address.

const requiredPersonText = (requiredMessage: string) =>
  text({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LEAD_NAME_MAX, LEAD_MESSAGES.tooLong(LEAD_NAME_MAX));

export const personFirstNameField = requiredPersonText(LEAD_MESSAGES.firstNameRequired);
export const personLastNameField = requiredPersonText(LEAD_MESSAGES.lastNameRequired);
export const personCompanyField = requiredPersonText(LEAD_MESSAGES.companyRequired);
export const personTitleField = requiredPersonText(LEAD_MESSAGES.titleRequired);

const LINKEDIN_PROFILE = new RegExp(
  `^(https?://)?([a-z0-9-]+\\.)*${LINKEDIN_HOST.replace(/\./g, '\\.')}/in/[^/?#\\s]+`,
  'i',
);
/**
 * A LinkedIn profile address ('linkedin.com/in/profile'): with or without http(s)://, on linkedin.com
 * or one of its subdomains, path /in/…. Any other scheme (javascript:, data:, …) is refused.
 */
export function isLinkedinProfile(value: string): boolean {
  return LINKEDIN_PROFILE.test(value);
}

// Built once: an e-mail check per value (a lead import checks 100,000) would otherwise build a schema each time.
const emailFormat = z.email();
/** An e-mail address as zod's z.email() takes it. */
export function isEmailAddress(value: string): boolean {
  return emailFormat.safeParse(value).success;
}

// Contact info: each may be empty; a given value must be valid.
export const personEmailField = text({ error: LEAD_MESSAGES.emailInvalid })
  .trim()
  .max(LEAD_EMAIL_MAX, LEAD_MESSAGES.tooLong(LEAD_EMAIL_MAX))
  .refine((v) => v === '' || isEmailAddress(v), LEAD_MESSAGES.emailInvalid);
export const personPhoneField = text({ error: LEAD_MESSAGES.phoneInvalid })
  .trim()
  .refine((v) => v === '' || isValidPhone(v), LEAD_MESSAGES.phoneInvalid);
export const personLinkedinField = text({ error: LEAD_MESSAGES.linkedinFormat })
  .trim()
  .max(LEAD_LINKEDIN_MAX, LEAD_MESSAGES.tooLong(LEAD_LINKEDIN_MAX))
  .refine((v) => v === '' || isLinkedinProfile(v), LEAD_MESSAGES.linkedinFormat);
export const personNotesField = multilineText({ error: LEAD_MESSAGES.tooLong(LEAD_NOTES_MAX) })
  .trim()
  .max(LEAD_NOTES_MAX, LEAD_MESSAGES.tooLong(LEAD_NOTES_MAX));

/** The person fields a call sends (lead and contact create/update); contact info may be left out. */
export const personFieldsShape = {
  first_name: personFirstNameField,
  last_name: personLastNameField,
  title: personTitleField,
  company: personCompanyField,
  email: personEmailField.optional(),
  phone: personPhoneField.optional(),
  linkedin: personLinkedinField.optional(),
  notes: personNotesField.optional(),
};

/** 'You must have one of phone, email or linkedin', reported on each contact field the form shows. */
export function requireOneContact(
  value: { email?: string; phone?: string; linkedin?: string },
  ctx: z.RefinementCtx,
  paths: readonly ContactInfoKind[] = CONTACT_INFO_KINDS,
): void {
  if (value.email || value.phone || value.linkedin) return;
  for (const path of paths) ctx.addIssue({ code: 'custom', path: [path], message: LEAD_MESSAGES.contactRequired });
}

/** What a person form holds: the chosen contact-info kinds and every kind's value. */
export interface PersonFormFields {
  first_name: string;
  last_name: string;
  title: string;
  company: string;
  contactKinds: ContactInfoKind[];
  email: string;
  phone: string;
  linkedin: string;
  notes: string;
}

/** The value of a kind when it is chosen, empty otherwise (an unchosen kind is sent empty, clearing it). */
function chosenValue(form: PersonFormFields, kind: ContactInfoKind): string {
  return form.contactKinds.includes(kind) ? form[kind] : '';
}

const personFormShape = {
  first_name: personFirstNameField,
  last_name: personLastNameField,
  title: personTitleField,
  company: personCompanyField,
  contactKinds: z
    .array(z.enum(CONTACT_INFO_KINDS))
    .min(1)
    .max(MAX_CONTACT_INFO_KINDS)
    .refine((kinds) => new Set(kinds).size === kinds.length),
  email: personEmailField,
  phone: personPhoneField,
  linkedin: personLinkedinField,
  notes: personNotesField,
};

/**
 * A person dialog's form with the fields `extra` adds (a lead's address): the chosen contact-info
 * kinds start with email, up to 3, each once; only the chosen kinds' values count and are sent.
 */
export function personForm<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.object({ ...personFormShape, ...extra }).superRefine(
    (form, ctx) => {
      const person = form as PersonFormFields;
      requireOneContact(
        {
          email: chosenValue(person, 'email'),
          phone: chosenValue(person, 'phone'),
          linkedin: chosenValue(person, 'linkedin'),
        },
        ctx,
        person.contactKinds,
      );
    },
    // The dialog shows this message while other fields (the address, a name) are still wrong: zod
    // skips object refinements after any aborting issue unless told when to run.
    { when: (payload) => Array.isArray((payload.value as { contactKinds?: unknown } | undefined)?.contactKinds) },
  );
}

/** The person fields a valid form sends: the chosen contact kinds only. */
export function personFieldsFromForm(form: PersonFormFields) {
  return {
    first_name: form.first_name,
    last_name: form.last_name,
    title: form.title,
    company: form.company,
    email: chosenValue(form, 'email'),
    phone: chosenValue(form, 'phone'),
    linkedin: chosenValue(form, 'linkedin'),
    notes: form.notes,
  };
}
