import type { ImportField } from '../api/lead-imports.js';

// The import's automatic column match: a header names one of our fields when, with case, spaces and
// punctuation ignored, it is the field's label or one of its common synonyms. Our own export's
// headers (Id, First Name, Last Name, Email, Phone Number, Company, Title) match as they are.

/** A header as the matcher compares it: lower-case letters and digits only. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const SYNONYMS: Record<ImportField, readonly string[]> = {
  FIRST_NAME: ['first name', 'firstname', 'given name', 'forename', 'first'],
  LAST_NAME: ['last name', 'lastname', 'family name', 'surname', 'last'],
  FULL_NAME: ['full name', 'name', 'contact name'],
  TITLE: ['title', 'job title', 'position', 'role', 'job'],
  COMPANY: ['company', 'company name', 'organisation', 'organization', 'account', 'account name', 'business'],
  EMAIL: ['email', 'e-mail', 'mail', 'email address', 'e-mail address'],
  PHONE: ['phone number', 'phone', 'mobile', 'mobile phone', 'tel', 'telephone', 'cell', 'phone no'],
  LINKEDIN: ['linkedin', 'linkedin url', 'linkedin profile', 'linkedin profile url'],
  STREET: ['street', 'street address', 'address line 1', 'address 1', 'street 1', 'street one'],
  STREET2: ['street 2', 'address line 2', 'address 2', 'street two', 'suite', 'apt'],
  CITY: ['city', 'town', 'locality'],
  STATE: ['state', 'st', 'province', 'state/region', 'region', 'state province'],
  ZIP: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode', 'postal', 'post code'],
  ADDRESS: ['address', 'full address', 'mailing address'],
  NOTES: ['notes', 'note', 'description', 'comments', 'comment'],
};

const FIELD_BY_KEY = new Map<string, ImportField>();
for (const [field, names] of Object.entries(SYNONYMS) as [ImportField, readonly string[]][]) {
  for (const name of names) FIELD_BY_KEY.set(headerKey(name), field);
}

/** The field a header names, or null ("Don't import"). */
export function matchImportField(header: string): ImportField | null {
  return FIELD_BY_KEY.get(headerKey(header)) ?? null;
}

/** Each header's field, each field given to its first header only. */
export function matchImportColumns(headers: readonly string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = matchImportField(header);
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
