import {
  ADDRESS_CITY_MAX,
  ADDRESS_STREET_MAX,
  LEAD_EMAIL_MAX,
  LEAD_LINKEDIN_MAX,
  LEAD_NAME_MAX,
  LEAD_NOTES_MAX,
  ZIP_CODE_LENGTH,
} from '../constants.js';
import { isValidPhone } from '../format/phone.js';
import { type StateAbbreviation, US_STATES } from '../format/us-states.js';
import { isCleanText } from '../text.js';
import { isEmailAddress, isLinkedinProfile } from './person.js';

// A quick yes for a lead that plainly keeps every rule of the lead schema (leadFieldsShape with one contact
// required), built from the same limits and checks; anything else is left to the schema, which alone words
// the errors. A lead import checks 100,000 rows; zod's full parse of each costs most of its preview.

/** A lead as an import builds it: every person field a string, the address without coordinates. */
export interface PlainLeadInput {
  first_name: string;
  last_name: string;
  title: string;
  company: string;
  email: string;
  phone: string;
  linkedin: string;
  notes: string;
  address?: { street_one: string; street_two: string | null; city: string; state_abbrv: string; postal: string };
}

// Given, already trimmed, one line without control characters, at most `max` characters.
const plainLine = (v: string, max: number, required: boolean) =>
  (v !== '' || !required) && v.length <= max && v.trim() === v && isCleanText(v);

const ZIP = new RegExp(`^\\d{${ZIP_CODE_LENGTH}}$`);

/**
 * The schema's output for `input` when it plainly passes (the same as the schema would give: trimmed
 * values unchanged, an empty street 2 as null); undefined when the schema must decide.
 */
export function plainLead(input: PlainLeadInput) {
  const a = input.address;
  if (!a) return undefined;
  const ok =
    plainLine(input.first_name, LEAD_NAME_MAX, true) &&
    plainLine(input.last_name, LEAD_NAME_MAX, true) &&
    plainLine(input.title, LEAD_NAME_MAX, true) &&
    plainLine(input.company, LEAD_NAME_MAX, true) &&
    (input.email !== '' || input.phone !== '' || input.linkedin !== '') &&
    (input.email === '' || (plainLine(input.email, LEAD_EMAIL_MAX, true) && isEmailAddress(input.email))) &&
    (input.phone === '' || (plainLine(input.phone, Number.POSITIVE_INFINITY, true) && isValidPhone(input.phone))) &&
    (input.linkedin === '' ||
      (plainLine(input.linkedin, LEAD_LINKEDIN_MAX, true) && isLinkedinProfile(input.linkedin))) &&
    input.notes.length <= LEAD_NOTES_MAX &&
    input.notes.trim() === input.notes &&
    isCleanText(input.notes, true) &&
    plainLine(a.street_one, ADDRESS_STREET_MAX, true) &&
    plainLine(a.street_two ?? '', ADDRESS_STREET_MAX, false) &&
    plainLine(a.city, ADDRESS_CITY_MAX, true) &&
    Object.hasOwn(US_STATES, a.state_abbrv) &&
    ZIP.test(a.postal);
  if (!ok) return undefined;
  // The state is one of US_STATES' keys (checked above).
  const state_abbrv = a.state_abbrv as StateAbbreviation;
  return { ...input, address: { ...a, state_abbrv, street_two: a.street_two || null } };
}
