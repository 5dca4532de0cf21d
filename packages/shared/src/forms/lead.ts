import { z } from 'zod';
import {
  ADDRESS_CITY_MAX,
  ADDRESS_STREET_MAX,
  COMMENT_MAX,
  CONTACT_INFO_KINDS,
  type ContactInfoKind,
  LEAD_EMAIL_MAX,
  LEAD_LINKEDIN_MAX,
  LEAD_NAME_MAX,
  LEAD_NOTES_MAX,
  LINKEDIN_HOST,
  MAX_CONTACT_INFO_KINDS,
  ZIP_CODE_LENGTH,
} from '../constants.js';
import { isValidPhone } from '../format/phone.js';
import { STATE_ABBREVIATIONS } from '../format/us-states.js';
import { multilineText, text } from '../text.js';
import { LEAD_MESSAGES } from './lead-messages.js';

// The lead form and the address, with the messages of lead-messages.ts. The same rules check the
// dialog in the browser and the calls on the server.

const requiredLeadText = (requiredMessage: string) =>
  text({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LEAD_NAME_MAX, LEAD_MESSAGES.tooLong(LEAD_NAME_MAX));

export const leadFirstNameField = requiredLeadText(LEAD_MESSAGES.firstNameRequired);
export const leadLastNameField = requiredLeadText(LEAD_MESSAGES.lastNameRequired);
export const leadCompanyField = requiredLeadText(LEAD_MESSAGES.companyRequired);
export const leadTitleField = requiredLeadText(LEAD_MESSAGES.titleRequired);

/**
 * A LinkedIn profile address ('linkedin.com/in/profile'): with or without http(s)://, on linkedin.com
 * or one of its subdomains, path /in/…. Any other scheme (javascript:, data:, …) is refused.
 */
export function isLinkedinProfile(value: string): boolean {
  const host = LINKEDIN_HOST.replace(/\./g, '\\.');
  return new RegExp(`^(https?://)?([a-z0-9-]+\\.)*${host}/in/[^/?#\\s]+`, 'i').test(value);
}

// Contact info: each may be empty; a given value must be valid.
export const leadEmailField = text({ error: LEAD_MESSAGES.emailInvalid })
  .trim()
  .max(LEAD_EMAIL_MAX, LEAD_MESSAGES.tooLong(LEAD_EMAIL_MAX))
  .refine((v) => v === '' || z.email().safeParse(v).success, LEAD_MESSAGES.emailInvalid);
export const leadPhoneField = text({ error: LEAD_MESSAGES.phoneInvalid })
  .trim()
  .refine((v) => v === '' || isValidPhone(v), LEAD_MESSAGES.phoneInvalid);
export const leadLinkedinField = text({ error: LEAD_MESSAGES.linkedinFormat })
  .trim()
  .max(LEAD_LINKEDIN_MAX, LEAD_MESSAGES.tooLong(LEAD_LINKEDIN_MAX))
  .refine((v) => v === '' || isLinkedinProfile(v), LEAD_MESSAGES.linkedinFormat);
export const leadNotesField = multilineText({ error: LEAD_MESSAGES.tooLong(LEAD_NOTES_MAX) })
  .trim()
  .max(LEAD_NOTES_MAX, LEAD_MESSAGES.tooLong(LEAD_NOTES_MAX));

/** A US ZIP code: five digits (ZIP_CODE_LENGTH). */
export const postalField = text({ error: LEAD_MESSAGES.postalInvalid })
  .trim()
  .regex(new RegExp(`^\\d{${ZIP_CODE_LENGTH}}$`), LEAD_MESSAGES.postalInvalid);

/** An address as the calls send it: US only; coordinates optional (the server fills them from the ZIP). */
export const addressInput = z.strictObject(
  {
    street_one: text({ error: LEAD_MESSAGES.streetRequired })
      .trim()
      .min(1, LEAD_MESSAGES.streetRequired)
      .max(ADDRESS_STREET_MAX, LEAD_MESSAGES.tooLong(ADDRESS_STREET_MAX)),
    street_two: text()
      .trim()
      .max(ADDRESS_STREET_MAX, LEAD_MESSAGES.tooLong(ADDRESS_STREET_MAX))
      .nullish()
      .transform((v) => v || null),
    city: text({ error: LEAD_MESSAGES.cityRequired })
      .trim()
      .min(1, LEAD_MESSAGES.cityRequired)
      .max(ADDRESS_CITY_MAX, LEAD_MESSAGES.tooLong(ADDRESS_CITY_MAX)),
    state_abbrv: z.enum(STATE_ABBREVIATIONS, { error: LEAD_MESSAGES.stateRequired }),
    postal: postalField,
    latitude: z.number({ error: LEAD_MESSAGES.coordinatesInvalid }).min(-90).max(90).nullish(),
    longitude: z.number({ error: LEAD_MESSAGES.coordinatesInvalid }).min(-180).max(180).nullish(),
    place_id: text().trim().max(300).nullish(),
  },
  {
    // A missing address (null or absent) reads 'Address is required'; other object errors keep zod's words.
    error: (issue) => (issue.code === 'invalid_type' ? LEAD_MESSAGES.addressRequired : undefined),
  },
);
export type AddressInput = z.input<typeof addressInput>;

const requiredAddress = z.preprocess((v) => v ?? undefined, addressInput);

/** The lead fields both /lead/create (inside `lead`) and /lead/update send. */
export const leadFieldsShape = {
  first_name: leadFirstNameField,
  last_name: leadLastNameField,
  title: leadTitleField,
  company: leadCompanyField,
  email: leadEmailField.optional(),
  phone: leadPhoneField.optional(),
  linkedin: leadLinkedinField.optional(),
  notes: leadNotesField.optional(),
  address: requiredAddress,
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

/**
 * The create/edit lead dialog: the chosen contact-info kinds start with email,
 * up to 3, each once; only the chosen kinds' values count and are sent.
 */
export const leadForm = z
  .object({
    first_name: leadFirstNameField,
    last_name: leadLastNameField,
    title: leadTitleField,
    company: leadCompanyField,
    contactKinds: z
      .array(z.enum(CONTACT_INFO_KINDS))
      .min(1)
      .max(MAX_CONTACT_INFO_KINDS)
      .refine((kinds) => new Set(kinds).size === kinds.length),
    email: leadEmailField,
    phone: leadPhoneField,
    linkedin: leadLinkedinField,
    notes: leadNotesField,
    address: requiredAddress,
  })
  .superRefine(
    (form, ctx) => {
      const chosen = (kind: ContactInfoKind) => (form.contactKinds.includes(kind) ? form[kind] : '');
      requireOneContact(
        { email: chosen('email'), phone: chosen('phone'), linkedin: chosen('linkedin') },
        ctx,
        form.contactKinds,
      );
    },
    // The dialog shows this message while other fields (the address, a name) are still wrong: zod
    // skips object refinements after any aborting issue unless told when to run.
    { when: (payload) => Array.isArray((payload.value as { contactKinds?: unknown } | undefined)?.contactKinds) },
  );
export type LeadFormInput = z.input<typeof leadForm>;
export type LeadFormValues = z.output<typeof leadForm>;

/** The fields a valid form sends: the chosen contact kinds only (an unchosen kind is sent empty, clearing it). */
export function leadFieldsFromForm(form: LeadFormValues) {
  const chosen = (kind: ContactInfoKind) => (form.contactKinds.includes(kind) ? form[kind] : '');
  return {
    first_name: form.first_name,
    last_name: form.last_name,
    title: form.title,
    company: form.company,
    email: chosen('email'),
    phone: chosen('phone'),
    linkedin: chosen('linkedin'),
    notes: form.notes,
    address: form.address,
  };
}

// A lead comment (the lead's chat room message).
export const commentField = multilineText({ error: LEAD_MESSAGES.commentRequired })
  .trim()
  .min(1, LEAD_MESSAGES.commentRequired)
  .max(COMMENT_MAX, LEAD_MESSAGES.commentTooLong);
