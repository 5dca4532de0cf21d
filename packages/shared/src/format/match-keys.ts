// Duplicate leads: the normalised keys two leads of one group match on. The server stores them with
// each lead (indexed), so a check and the list's mark are index lookups (docs/decisions/outcomes.md, "Duplicates").

const collapse = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** E-mail: trimmed, lower case. Null when empty. */
export function emailMatchKey(email: string | null | undefined): string | null {
  const key = (email ?? '').trim().toLowerCase();
  return key === '' ? null : key;
}

/** Phone: its digits, without the US country code 1 of an 11-digit number; null under 7 digits. */
export function phoneMatchKey(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= 7 ? digits : null;
}

/** LinkedIn profile: lower case, without scheme, www., query, fragment or trailing slashes. */
export function linkedinMatchKey(url: string | null | undefined): string | null {
  const key = (url ?? '')
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  return key === '' ? null : key;
}

/** First name + last name + company: case and spaces collapsed; null when one of them is empty. */
export function nameCompanyMatchKey(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  company: string | null | undefined,
): string | null {
  const parts = [firstName, lastName, company].map((p) => collapse(p ?? ''));
  return parts.some((p) => p === '') ? null : parts.join('|');
}

export interface LeadMatchKeys {
  emailKey: string | null;
  phoneKey: string | null;
  linkedinKey: string | null;
  nameKey: string | null;
}

export function leadMatchKeys(lead: {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  linkedin?: string | null;
}): LeadMatchKeys {
  return {
    emailKey: emailMatchKey(lead.email),
    phoneKey: phoneMatchKey(lead.phone),
    linkedinKey: linkedinMatchKey(lead.linkedin),
    nameKey: nameCompanyMatchKey(lead.firstName, lead.lastName, lead.company),
  };
}
