import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { ROUTES, routePath } from '../routes.js';
import { profileForm, resetPasswordForm, settingsDialogForm, signInForm, signUpForm, splitFullName } from './auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('account forms: sign-in, sign-up, reset, settings and profile rules', () => {
  it('sign in: e-mail valid, password 8 to 50 and trimmed', () => {
    expect(firstMessage(signInForm.safeParse({ email: '', password: 'x'.repeat(8), remember: false }))).toBe(
      MESSAGES.emailRequired,
    );
    expect(firstMessage(signInForm.safeParse({ email: 'nope', password: 'x'.repeat(8), remember: false }))).toBe(
      MESSAGES.emailInvalid,
    );
    expect(firstMessage(signInForm.safeParse({ email: 'a@b.co', password: 'x'.repeat(51), remember: false }))).toBe(
      'Must be less than 50 characters long',
    );
    const ok = signInForm.parse({ email: ' A@b.co ', password: '  secret12  ', remember: true });
    expect(ok).toEqual({ email: 'A@b.co', password: 'secret12', remember: true });
  });

  it('sign up: confirmation required and must match', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'secret123' };
    expect(firstMessage(signUpForm.safeParse({ ...base, passwordConfirmation: '' }))).toBe(
      MESSAGES.passwordConfirmationRequired,
    );
    expect(firstMessage(signUpForm.safeParse({ ...base, passwordConfirmation: 'secret124' }))).toBe(
      'Passwords does not match',
    );
  });

  it('reset password: 8 to 25 and must match', () => {
    expect(
      firstMessage(resetPasswordForm.safeParse({ password: 'x'.repeat(26), passwordConfirmation: 'x'.repeat(26) })),
    ).toBe('Must be less than 25 characters long');
    expect(
      firstMessage(resetPasswordForm.safeParse({ password: 'secret123', passwordConfirmation: 'secret124' })),
    ).toBe('Password must match');
  });

  it('settings dialog: a blank password is allowed, otherwise 8 to 25 and matching', () => {
    const base = { name: 'Ada Lovelace', email: 'a@b.co' };
    expect(settingsDialogForm.safeParse({ ...base, password: '', passwordConfirmation: '' }).success).toBe(true);
    expect(
      firstMessage(settingsDialogForm.safeParse({ ...base, password: 'short', passwordConfirmation: 'short' })),
    ).toBe(MESSAGES.atLeast(8));
    expect(
      firstMessage(settingsDialogForm.safeParse({ ...base, password: 'secret123', passwordConfirmation: 'x' })),
    ).toBe('Passwords must match');
    expect(
      firstMessage(settingsDialogForm.safeParse({ ...base, name: '  ', password: '', passwordConfirmation: '' })),
    ).toBe('Name is required');
  });

  it('profile: names required, company and title at most 50', () => {
    expect(firstMessage(profileForm.safeParse({ firstName: '', lastName: 'B', company: '', title: '' }))).toBe(
      'First name is required',
    );
    expect(firstMessage(profileForm.safeParse({ firstName: 'A', lastName: '   ', company: '', title: '' }))).toBe(
      'Last name is required',
    );
    expect(
      firstMessage(profileForm.safeParse({ firstName: 'A', lastName: 'B', company: 'x'.repeat(51), title: '' })),
    ).toBe('Must be less than 50 characters');
  });

  it('splits the settings name on spaces', () => {
    expect(splitFullName('  Ada   King Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('routes', () => {
  it('fills route parameters and refuses a missing one', () => {
    expect(routePath(ROUTES.groupLead, { group_id: 4, lead_id: 'a b' })).toBe('/groups/4/leads/a%20b');
    expect(() => routePath(ROUTES.group)).toThrow(/group_id/);
  });
});
