import {
  IMPORT_FIELD_LABELS,
  type ImportField,
  LEAD_IMPORT_MESSAGES,
  LEAD_MESSAGES,
  leadCreateRequest,
  type PlainLeadInput,
  plainLead,
  toStateAbbreviation,
} from '@leadcircle/shared';
import { badRequest } from '../../http/errors.js';
import { findZipPlace } from '../address/address.service.js';
import type { ImportedLeadFields } from '../leads/leads.service.js';

// One row of the file against the lead dialog's own rules (the shared schema), with each message
// naming the column it came from.

export type Mapping = Map<ImportField, number>;

/** The mapping as the preview sends it, checked: a name is mapped, each field once, each index a column. */
export function checkMapping(entries: { index: number; field: ImportField | null }[], columnCount: number): Mapping {
  const mapping: Mapping = new Map();
  const indexes = new Set<number>();
  for (const { index, field } of entries) {
    if (index >= columnCount) throw badRequest('LEAD_IMPORT_MAPPING_INVALID', LEAD_IMPORT_MESSAGES.mappingIndex(index));
    if (indexes.has(index)) {
      throw badRequest('LEAD_IMPORT_MAPPING_INVALID', LEAD_IMPORT_MESSAGES.mappingColumnTwice(index));
    }
    indexes.add(index);
    if (field === null) continue;
    if (mapping.has(field)) {
      throw badRequest('LEAD_IMPORT_MAPPING_INVALID', LEAD_IMPORT_MESSAGES.mappingTwice(IMPORT_FIELD_LABELS[field]));
    }
    mapping.set(field, index);
  }
  const hasName = mapping.has('FULL_NAME') || (mapping.has('FIRST_NAME') && mapping.has('LAST_NAME'));
  if (!hasName) throw badRequest('LEAD_IMPORT_MAPPING_INVALID', LEAD_IMPORT_MESSAGES.mappingNoName);
  return mapping;
}

/** "Ana Lopez" → Ana / Lopez; "Lopez, Ana" → Ana / Lopez; "Ana Maria Lopez" → Ana Maria / Lopez. */
export function splitFullName(full: string): { first: string; last: string } {
  const value = full.trim().replace(/\s+/g, ' ');
  const comma = value.indexOf(',');
  if (comma > 0) return { first: value.slice(comma + 1).trim(), last: value.slice(0, comma).trim() };
  const space = value.lastIndexOf(' ');
  if (space < 0) return { first: value, last: '' };
  return { first: value.slice(0, space), last: value.slice(space + 1) };
}

export interface AddressParts {
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
}

/** A one-line US address: "12 Main St, Suite 4, Springfield, IL 62704" (state and ZIP in its last part). */
export function parseOneLineAddress(line: string): AddressParts {
  const parts = line
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const out: AddressParts = { street: '', street2: '', city: '', state: '', zip: '' };
  if (parts.length > 0 && /^(usa?|united states( of america)?)$/i.test(parts.at(-1)!)) parts.pop();
  let last = parts.pop() ?? '';
  const zip = /\s*(\d{5})(?:-\d{4})?$/.exec(last);
  if (zip) {
    out.zip = zip[1]!;
    last = last.slice(0, zip.index).trim();
  }
  // The last part is the state; when it also holds the city ("Springfield IL"), its last word is.
  if (last !== '' && toStateAbbreviation(last)) out.state = last;
  else if (last !== '') {
    const words = last.split(' ');
    const state = words.pop()!;
    if (toStateAbbreviation(state)) {
      out.state = state;
      if (words.length > 0) parts.push(words.join(' '));
    } else parts.push(last);
  }
  if (parts.length >= 2) out.city = parts.pop()!;
  out.street = parts.shift() ?? '';
  out.street2 = parts.join(', ');
  return out;
}

// Which field a rule's path is about, for the column it names.
const PATH_FIELDS: Record<string, ImportField[]> = {
  first_name: ['FIRST_NAME', 'FULL_NAME'],
  last_name: ['LAST_NAME', 'FULL_NAME'],
  title: ['TITLE'],
  company: ['COMPANY'],
  email: ['EMAIL'],
  phone: ['PHONE'],
  linkedin: ['LINKEDIN'],
  notes: ['NOTES'],
  'address.street_one': ['STREET', 'ADDRESS'],
  'address.street_two': ['STREET2', 'ADDRESS'],
  'address.city': ['CITY', 'ADDRESS', 'ZIP'],
  'address.state_abbrv': ['STATE', 'ADDRESS', 'ZIP'],
  'address.postal': ['ZIP', 'ADDRESS'],
};

export interface CheckedRow {
  /** The lead's fields as the dialog's call would send them (also shown for a row with errors). */
  lead: ImportedLeadFields;
  errors: { column: string; message: string }[];
}

const leadRules = leadCreateRequest.shape.lead;

/** A ZIP as a spreadsheet may have written it: ZIP+4 keeps its five digits, a lost leading zero comes back. */
function cleanZip(zip: string): string {
  const plus4 = /^(\d{5})-\d{4}$/.exec(zip);
  if (plus4) return plus4[1]!;
  return /^\d{3,4}$/.test(zip) ? zip.padStart(5, '0') : zip;
}

/** The lead a row of the file would send, as the dialog's call would: name split, address filled in. */
export async function leadInputOf(cells: string[], mapping: Mapping): Promise<PlainLeadInput> {
  const cell = (field: ImportField) => {
    const index = mapping.get(field);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  let first = cell('FIRST_NAME');
  let last = cell('LAST_NAME');
  const full = cell('FULL_NAME');
  if (full !== '' && first === '' && last === '') ({ first, last } = splitFullName(full));

  const address: AddressParts = {
    street: cell('STREET'),
    street2: cell('STREET2'),
    city: cell('CITY'),
    state: cell('STATE'),
    zip: cell('ZIP'),
  };
  const oneLine = cell('ADDRESS');
  if (oneLine !== '') {
    const parsed = parseOneLineAddress(oneLine);
    for (const k of Object.keys(address) as (keyof AddressParts)[]) if (address[k] === '') address[k] = parsed[k];
  }
  address.zip = cleanZip(address.zip);
  // A State written in full becomes its code; a row with only a ZIP gets its city and state from the ZIP table.
  address.state = (address.state && toStateAbbreviation(address.state)) || address.state;
  if ((address.city === '' || address.state === '') && /^\d{5}$/.test(address.zip)) {
    const place = await findZipPlace(address.zip);
    if (place) {
      if (address.city === '') address.city = place.city;
      if (address.state === '') address.state = place.stateAbbrv;
    }
  }
  const hasAddress = Object.values(address).some((v) => v !== '');
  return {
    first_name: first,
    last_name: last,
    title: cell('TITLE'),
    company: cell('COMPANY'),
    email: cell('EMAIL'),
    phone: cell('PHONE'),
    linkedin: cell('LINKEDIN'),
    notes: cell('NOTES'),
    address: hasAddress
      ? {
          street_one: address.street,
          street_two: address.street2 || null,
          city: address.city,
          state_abbrv: address.state,
          postal: address.zip,
        }
      : undefined,
  };
}

/** A row's lead against the shared schema; each message names the column it came from. */
export function checkWithSchema(input: PlainLeadInput, mapping: Mapping, headers: string[]): CheckedRow {
  const parsed = leadRules.safeParse(input);
  if (parsed.success) {
    const { lead_id: _id, ...lead } = parsed.data;
    return { lead, errors: [] };
  }
  const errors: { column: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    // 'You must have one of phone, email or linkedin' is about the row, not one column.
    const isContact = issue.message === LEAD_MESSAGES.contactRequired;
    const field = isContact ? undefined : PATH_FIELDS[path]?.find((f) => mapping.has(f));
    const column = field === undefined ? '' : (headers[mapping.get(field)!] ?? '');
    const key = `${column}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ column, message: issue.message });
  }
  return { lead: input as unknown as ImportedLeadFields, errors };
}

/** One row of the file against the lead rules: most rows plainly pass; the schema checks (and words) the others. */
export async function checkRow(cells: string[], mapping: Mapping, headers: string[]): Promise<CheckedRow> {
  const input = await leadInputOf(cells, mapping);
  const plain = plainLead(input);
  return plain ? { lead: plain, errors: [] } : checkWithSchema(input, mapping, headers);
}
