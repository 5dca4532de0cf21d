import { z } from 'zod';
import { ADDRESS_CITY_MAX, ADDRESS_STREET_MAX, COMMENT_MAX, ZIP_CODE_LENGTH } from '../constants.js';
import { STATE_ABBREVIATIONS } from '../format/us-states.js';
import { multilineText, text } from '../text.js';
import { LEAD_MESSAGES } from './lead-messages.js';
import { personFieldsFromForm, personFieldsShape, personForm } from './person.js';

// The lead form (a person record with an address) and the address, with the messages of lead-messages.ts. The same rules check the
// dialog in the browser and the calls on the server.

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

/** The lead fields both /lead/create (inside `lead`) and /lead/update send: a person and its address. */
export const leadFieldsShape = { ...personFieldsShape, address: requiredAddress };

/** The create/edit lead dialog: the person form with the address, required. */
export const leadForm = personForm({ address: requiredAddress });
export type LeadFormInput = z.input<typeof leadForm>;
export type LeadFormValues = z.output<typeof leadForm>;

/** The fields a valid form sends: the person's (chosen contact kinds only) and the address. */
export function leadFieldsFromForm(form: LeadFormValues) {
  return { ...personFieldsFromForm(form), address: form.address };
}

// A lead comment (the lead's chat room message).
export const commentField = multilineText({ error: LEAD_MESSAGES.commentRequired })
  .trim()
  .min(1, LEAD_MESSAGES.commentRequired)
  .max(COMMENT_MAX, LEAD_MESSAGES.commentTooLong);
