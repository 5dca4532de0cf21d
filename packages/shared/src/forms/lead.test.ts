import { describe, expect, it } from 'vitest';
import { type LeadFormInput, leadFieldsFromForm, leadForm } from './lead.js';
import { LEAD_MESSAGES } from './lead-messages.js';

// The create/edit lead dialog's rules.

const address = { street_one: '350 Fifth Avenue', city: 'New York', state_abbrv: 'NY', postal: '10118' };
const valid: LeadFormInput = {
  first_name: 'Avery',
  last_name: 'Buyer',
  title: 'Head of Procurement',
  company: 'Northwind Traders',
  contactKinds: ['email'],
  email: 'avery@northwind.example',
  phone: '',
  linkedin: '',
  notes: '',
  address,
};

type Issue = { path: PropertyKey[]; message: string };
const issuesOf = (input: Partial<LeadFormInput> & Record<string, unknown>): Issue[] => {
  const result = leadForm.safeParse({ ...valid, ...input });
  return result.success ? [] : (result.error.issues as Issue[]);
};
const messageAt = (input: Record<string, unknown>, path: string) =>
  issuesOf(input).find((i) => i.path.join('.') === path)?.message;

describe('the lead form', () => {
  it('accepts a complete lead', () => {
    expect(leadForm.safeParse(valid).success).toBe(true);
  });

  it('requires first name, last name, company and position, at most 50 each', () => {
    expect(messageAt({ first_name: '' }, 'first_name')).toBe('First name is required');
    expect(messageAt({ first_name: '   ' }, 'first_name')).toBe('First name is required');
    expect(messageAt({ last_name: '' }, 'last_name')).toBe(LEAD_MESSAGES.lastNameRequired);
    expect(messageAt({ company: '' }, 'company')).toBe(LEAD_MESSAGES.companyRequired);
    expect(messageAt({ title: '' }, 'title')).toBe('Position is required');
    for (const field of ['first_name', 'last_name', 'company', 'title']) {
      expect(messageAt({ [field]: 'x'.repeat(51) }, field)).toBe('Must be less than 50 characters');
      expect(messageAt({ [field]: 'x'.repeat(50) }, field)).toBeUndefined();
    }
  });

  it('checks an e-mail (valid, at most 300), a phone and a LinkedIn URL when given', () => {
    expect(messageAt({ email: 'nope' }, 'email')).toBe('Must be a valid email');
    expect(messageAt({ email: `${'a'.repeat(295)}@x.com` }, 'email')).toBe('Must be less than 300 characters');
    expect(messageAt({ contactKinds: ['email', 'phone'], phone: '555-01' }, 'phone')).toBe(
      'Must be a valid phone number',
    );
    expect(messageAt({ contactKinds: ['email', 'linkedin'], linkedin: 'linkedin.com/company/x' }, 'linkedin')).toBe(
      "LinkedIn profile should be in 'linkedin.com/in/profile' format",
    );
    expect(messageAt({ linkedin: `linkedin.com/in/${'x'.repeat(40)}` }, 'linkedin')).toBe(
      'Must be less than 50 characters',
    );
  });

  it('requires the address and keeps notes under 1000', () => {
    expect(messageAt({ address: null }, 'address')).toBe('Address is required');
    expect(messageAt({ address: undefined }, 'address')).toBe('Address is required');
    expect(messageAt({ address: { ...address, postal: '123' } }, 'address.postal')).toBe(LEAD_MESSAGES.postalInvalid);
    expect(messageAt({ notes: 'n'.repeat(1001) }, 'notes')).toBe('Must be less than 1000 characters');
    expect(messageAt({ notes: 'n'.repeat(1000) }, 'notes')).toBeUndefined();
  });
});

describe('contact-info kinds: only the chosen kinds count', () => {
  const contactRequired = 'You must have one of phone, email or linkedin';

  it('needs one of phone, email or linkedin, reported on each chosen kind', () => {
    const issues = issuesOf({ contactKinds: ['email', 'phone'], email: '', phone: '' });
    expect(issues.filter((i) => i.message === contactRequired).map((i) => i.path.join('.'))).toEqual([
      'email',
      'phone',
    ]);
  });

  it('does not count a value of a kind that is not chosen', () => {
    // A phone typed, then its kind removed: the lead has no contact.
    expect(messageAt({ contactKinds: ['email'], email: '', phone: '2125550147' }, 'email')).toBe(contactRequired);
    expect(
      leadForm.safeParse({ ...valid, contactKinds: ['email', 'phone'], email: '', phone: '2125550147' }).success,
    ).toBe(true);
  });

  it('reports the contact message while other fields are still wrong', () => {
    const issues = issuesOf({ first_name: '', address: null, email: '' });
    expect(issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['First name is required', 'Address is required', contactRequired]),
    );
  });

  it('allows up to 3 kinds, each once, at least one', () => {
    expect(
      leadForm.safeParse({ ...valid, contactKinds: ['email', 'phone', 'linkedin'], phone: '2125550147' }).success,
    ).toBe(true);
    expect(leadForm.safeParse({ ...valid, contactKinds: ['email', 'email'] }).success).toBe(false);
    expect(leadForm.safeParse({ ...valid, contactKinds: [] }).success).toBe(false);
    expect(
      leadForm.safeParse({ ...valid, contactKinds: ['email', 'phone', 'linkedin', 'email'] as never }).success,
    ).toBe(false);
  });

  it('sends the chosen kinds only: an unchosen kind is sent empty', () => {
    const parsed = leadForm.parse({ ...valid, contactKinds: ['phone'], email: 'old@x.example', phone: '2125550147' });
    expect(leadFieldsFromForm(parsed)).toMatchObject({ email: '', phone: '2125550147', linkedin: '' });
  });
});
