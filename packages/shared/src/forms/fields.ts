import {
  ACCOUNT_PASSWORD_MAX,
  ACCOUNT_PASSWORD_MIN,
  EMAIL_MAX,
  NAME_MAX,
  PROFILE_FIELD_MAX,
  SIGNIN_PASSWORD_MAX,
  SIGNIN_PASSWORD_MIN,
} from '../constants.js';
import { MESSAGES } from '../messages.js';
import { multilineText, text } from '../text.js';

// Field rules shared by forms and request schemas. A missing or non-text value
// gets the field's "required" message so the server answers in the spec's words.

export const requiredText = (requiredMessage: string, { multiline = false } = {}) =>
  (multiline ? multilineText : text)({ error: requiredMessage }).trim().min(1, requiredMessage);

export const optionalText = (max: number, tooLong: string) => text({ error: tooLong }).trim().max(max, tooLong);

export const emailField = text({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX, MESSAGES.lessThan(EMAIL_MAX))
  .email(MESSAGES.emailInvalid);

const password = (min: number, max: number) =>
  text({ error: MESSAGES.passwordRequired })
    .trim()
    .min(1, MESSAGES.passwordRequired)
    .min(min, MESSAGES.atLeast(min))
    .max(max, MESSAGES.lessThan(max));

// Sign in and sign up: 8 to 50.
export const signInPassword = password(SIGNIN_PASSWORD_MIN, SIGNIN_PASSWORD_MAX);
// Settings and reset: 8 to 25.
export const accountPassword = password(ACCOUNT_PASSWORD_MIN, ACCOUNT_PASSWORD_MAX);

export const firstNameField = requiredText(MESSAGES.firstNameRequired).max(NAME_MAX, MESSAGES.profileFieldTooLong);
export const lastNameField = requiredText(MESSAGES.lastNameRequired).max(NAME_MAX, MESSAGES.profileFieldTooLong);
export const profileOptionalField = optionalText(PROFILE_FIELD_MAX, MESSAGES.profileFieldTooLong);
