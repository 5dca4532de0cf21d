import { AVATAR_MAX_MEGABYTES, AVATAR_MAX_MEGAPIXELS } from './constants.js';

// User-facing texts of the spec that both the server and the web app send or show.

export const MESSAGES = {
  // Validation
  fieldRequired: 'Field is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Must be a valid email address',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameRequired: 'Name is required',
  passwordConfirmationRequired: 'Password confirmation is required',
  signupPasswordsMismatch: 'Passwords does not match',
  resetPasswordsMismatch: 'Password must match',
  settingsPasswordsMismatch: 'Passwords must match',
  profileFieldTooLong: 'Must be less than 50 characters',
  atLeast: (n: number) => `Must be at least ${n} characters long`,
  lessThan: (n: number) => `Must be less than ${n} characters long`,

  // Outcomes
  signupSuccess: 'Your account has been created. Check your e-mail for activation.',
  signupFailed: 'Your account can not be created, please contact support.',
  confirmingEmail: 'Confirming your email...',
  confirmationSuccess: 'Your account has been successfully created, redirecting ...',
  resetPasswordError: 'There was an error resetting password...',
  forgotPasswordSuccess: 'Password reset link has been sent to your email.',
  accountDeletionRequested: 'You have requested your account deletion.',
  accountDeletionWarning: "This action can't be undone",
  settingsUpdated: 'Updated user successfully',
  profileUpdated: 'You have updated your user profile.',
  feedbackSent: 'Thanks! We may reach out to discuss further.',

  // Fallbacks when the server gives no message
  unknownError: 'Unknown error.',
  unknownErrorForgotPassword: 'Unknown error',
  unknownErrorProfile: 'Unknown error detected.',
  emailSignupFailed: 'User email signup failed.',
  loginFailed: 'User login failed.',
  linkedInLoginFailed: 'User login with LinkedIn failed',
  googleLoginFailed: 'User google login failed.',
  appleLoginFailed: 'User apple login failed.',
  linkedInUrlFailed: 'Fetch user LinkedIn URL failed',
  updateUserFailed: 'Update user failed',
  resetUserPasswordFailed: 'Reset user password failed',
  emailConfirmationFailed: 'User email confirmation failed',
  userFetchFailed: 'User fetch failed.',
  submitFeedbackFailed: 'Submit feedback failed',

  // Server answers where the spec is silent (docs/decisions/accounts.md)
  businessNotFound: 'business not found',
  invalidCredentials: 'The e-mail or password is incorrect.',
  emailNotConfirmed:
    'Please confirm your e-mail address first: open the link we sent you, or sign up again to get a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  tokenInvalid: 'This link is invalid or has already been used.',
  tokenExpired: 'This link has expired. Please request a new one.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notSignedIn: 'You must be signed in to do this.',
  notAllowed: 'You are not allowed to do this.',
  providerNotConfigured: (provider: string) => `${provider} sign-in is not configured.`,

  // Social sign-in (docs/decisions/social-sign-in.md)
  missingInputParameters: 'Missing required input parameters',
  providerUnavailable: (provider: string) => `${provider} sign-in is not available right now. Please try again later.`,
  socialEmailUnverified: (provider: string) =>
    `Your ${provider} account's e-mail address is not verified. Verify it with ${provider}, or sign up with your e-mail address.`,
  socialEmailMissing: (provider: string) =>
    `${provider} did not share your e-mail address. Allow LeadCircle to see it, or sign up with your e-mail address.`,
  oauthStateInvalid: 'The invite data of this sign-in is not valid.',
  feedbackSubjectRequired: 'Subject is required',
  feedbackContentRequired: 'Message is required',
  enableEmailInvalid: 'enableEmail must be true or false',
  notificationsUpdated: 'Your notification settings have been saved.',
  notificationsUpdateFailed: 'Your notification settings could not be saved.',
  avatarMissing: 'Choose a picture to upload.',
  avatarNotMultipart: 'Send the picture as multipart/form-data in a field named file.',
  avatarUnsupportedType: 'Choose a JPEG, PNG, WebP or GIF picture.',
  avatarTooLarge: `The picture must be ${AVATAR_MAX_MEGABYTES} MB or smaller.`,
  avatarTooManyPixels: `The picture is too large: it must have at most ${AVATAR_MAX_MEGAPIXELS} million pixels.`,
  avatarUnreadable: 'The picture could not be read. It may be damaged; try another file.',
  avatarUploaded: 'Your picture has been updated.',
  avatarRemoved: 'Your picture has been removed.',
  avatarUploadFailed: 'Your picture could not be uploaded.',
  deletedUserName: 'Deleted user',
} as const;
