import {
  type CallRequest,
  LEAD_EMAIL_MAX,
  LEAD_LINKEDIN_MAX,
  LEAD_NAME_MAX,
  leadMatchKeys,
  type outcomeCalls,
} from '@leadcircle/shared';

// The lead dialog's duplicate check: what it asks /lead/duplicates about, from the fields as typed.

export interface DuplicateFields {
  first_name?: string;
  last_name?: string;
  company?: string;
  email?: string;
  phone?: string;
  linkedin?: string;
}

type DuplicatesRequest = CallRequest<typeof outcomeCalls.duplicates>;
const PHONE_MAX = 50;
const limits: Record<keyof DuplicateFields, number> = {
  first_name: LEAD_NAME_MAX,
  last_name: LEAD_NAME_MAX,
  company: LEAD_NAME_MAX,
  email: LEAD_EMAIL_MAX,
  phone: PHONE_MAX,
  linkedin: LEAD_LINKEDIN_MAX,
};

/**
 * The check for these fields, or null when none could match anything (no e-mail, phone of 7 digits,
 * LinkedIn profile, or all of first name, last name and company). Fields are trimmed; one longer than
 * its limit cannot be a stored lead's, so it is left out.
 */
export function duplicateCheck(
  groupId: number,
  leadId: number | undefined,
  fields: DuplicateFields,
): DuplicatesRequest | null {
  const request: DuplicatesRequest = { group_id: groupId, ...(leadId !== undefined && { lead_id: leadId }) };
  for (const name of Object.keys(limits) as (keyof DuplicateFields)[]) {
    const value = fields[name]?.trim() ?? '';
    if (value !== '' && value.length <= limits[name]) request[name] = value;
  }
  const keys = leadMatchKeys({
    firstName: request.first_name,
    lastName: request.last_name,
    company: request.company,
    email: request.email,
    phone: request.phone,
    linkedin: request.linkedin,
  });
  return Object.values(keys).some((key) => key !== null) ? request : null;
}

/** The same check (the dialog asks again only when it changes). */
export function sameCheck(a: DuplicatesRequest | null, b: DuplicatesRequest | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
