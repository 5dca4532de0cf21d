import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { text } from '../text.js';
import {
  accountPassword,
  emailField,
  firstNameField,
  lastNameField,
  profileOptionalField,
  requiredText,
  signInPassword,
} from './fields.js';

// The account forms with their exact messages.

export const signInForm = z.object({
  email: emailField,
  password: signInPassword,
  remember: z.boolean(),
});
export type SignInForm = z.infer<typeof signInForm>;

export const signUpForm = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    email: emailField,
    password: signInPassword,
    passwordConfirmation: requiredText(MESSAGES.passwordConfirmationRequired),
  })
  .refine((f) => f.password === f.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: MESSAGES.signupPasswordsMismatch,
  });
export type SignUpForm = z.infer<typeof signUpForm>;

export const forgotPasswordForm = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

export const resetPasswordForm = z
  .object({ password: accountPassword, passwordConfirmation: accountPassword })
  .refine((f) => f.password === f.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: MESSAGES.resetPasswordsMismatch,
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

// Settings dialog: one name field split on spaces; a blank password is not sent.
export const settingsDialogForm = z
  .object({
    name: requiredText(MESSAGES.nameRequired),
    email: emailField,
    password: z.union([z.literal(''), accountPassword]),
    passwordConfirmation: text(),
  })
  .refine((f) => f.password === f.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: MESSAGES.settingsPasswordsMismatch,
  });
export type SettingsDialogForm = z.infer<typeof settingsDialogForm>;

/** Splits the settings dialog's single name field: first word, then the rest. */
export function splitFullName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

export const profileForm = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  company: profileOptionalField,
  title: profileOptionalField,
});
export type ProfileForm = z.infer<typeof profileForm>;
