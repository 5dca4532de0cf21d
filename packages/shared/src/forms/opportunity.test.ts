import { describe, expect, it } from 'vitest';
import { contactForm, OPPORTUNITY_MESSAGES, opportunityForm } from './opportunity.js';

const address = { street_one: '1 Market Street', city: 'San Francisco', state_abbrv: 'CA', postal: '94105' };
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('opportunityForm', () => {
  it('accepts 5 to 500 characters, trimmed', () => {
    const parsed = opportunityForm.parse({ name: '  abcde ', notes: 'x'.repeat(500), address });
    expect(parsed.name).toBe('abcde');
  });

  it.each([
    [{ name: '', notes: 'Fine notes', address }, ['name', OPPORTUNITY_MESSAGES.nameRequired]],
    [{ name: '   ', notes: 'Fine notes', address }, ['name', 'Name is required']],
    [{ name: 'abcd', notes: 'Fine notes', address }, ['name', 'Must be at least 5 characters']],
    // The too-long messages do not match the limits: as observed.
    [{ name: 'n'.repeat(501), notes: 'Fine notes', address }, ['name', 'Must be less than 50 characters']],
    [{ name: 'Fine name', notes: '', address }, ['notes', 'Description is required']],
    [{ name: 'Fine name', notes: 'abc', address }, ['notes', 'Must be at least 5 characters']],
    [{ name: 'Fine name', notes: 'd'.repeat(501), address }, ['notes', 'Must be less than 300 characters']],
    [{ name: 'Fine name', notes: 'Fine notes', address: null }, ['address', 'Location is required']],
  ])('refuses %j with its message', (value, expected) => {
    expect(messagesOf(opportunityForm.safeParse(value))).toContainEqual(expected);
  });
});

describe('contactForm', () => {
  const contact = {
    first_name: 'Lee',
    last_name: 'Chen',
    title: 'Manager',
    company: 'Bay Stores',
    contactKinds: ['email'] as const,
    email: '',
    phone: '',
    linkedin: '',
    notes: '',
  };
  it('needs one of phone, email or linkedin among the chosen kinds', () => {
    expect(messagesOf(contactForm.safeParse(contact))).toContainEqual([
      'email',
      'You must have one of phone, email or linkedin',
    ]);
    expect(contactForm.safeParse({ ...contact, email: 'lee@bay.example' }).success).toBe(true);
  });
});
