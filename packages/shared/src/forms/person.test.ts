import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LEAD_MESSAGES } from './lead-messages.js';
import { personFieldsFromForm, personForm } from './person.js';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

const person = {
  first_name: 'Lee',
  last_name: 'Chen',
  title: 'Manager',
  company: 'Bay Stores',
  contactKinds: ['email', 'phone'] as ('email' | 'phone' | 'linkedin')[],
  email: 'lee@bay.example',
  phone: '',
  linkedin: 'linkedin.com/in/lee',
  notes: '',
};

describe('personForm', () => {
  it("gives every person field the lead's message", () => {
    const form = personForm({});
    const wrong = { ...person, first_name: ' ', company: '', email: 'nope', phone: '12' };
    expect(messagesOf(form.safeParse(wrong))).toEqual(
      expect.arrayContaining([
        ['first_name', LEAD_MESSAGES.firstNameRequired],
        ['company', LEAD_MESSAGES.companyRequired],
        ['email', LEAD_MESSAGES.emailInvalid],
        ['phone', LEAD_MESSAGES.phoneInvalid],
      ]),
    );
  });

  it('needs one of phone, email or linkedin among the chosen kinds, reported on each chosen kind', () => {
    const form = personForm({});
    expect(messagesOf(form.safeParse({ ...person, email: '' }))).toEqual([
      ['email', LEAD_MESSAGES.contactRequired],
      ['phone', LEAD_MESSAGES.contactRequired],
    ]);
  });

  it('checks the fields a form adds, and the one-of rule while they are wrong', () => {
    const form = personForm({ address: z.string({ error: 'Address is required' }) });
    expect(messagesOf(form.safeParse({ ...person, email: '' }))).toEqual([
      ['address', 'Address is required'],
      ['email', LEAD_MESSAGES.contactRequired],
      ['phone', LEAD_MESSAGES.contactRequired],
    ]);
    expect(form.parse({ ...person, address: 'Here' }).address).toBe('Here');
  });

  it('sends the chosen kinds only: an unchosen kind is sent empty', () => {
    expect(personFieldsFromForm(personForm({}).parse(person))).toEqual({
      first_name: 'Lee',
      last_name: 'Chen',
      title: 'Manager',
      company: 'Bay Stores',
      email: 'lee@bay.example',
      phone: '',
      linkedin: '',
      notes: '',
    });
  });
});
