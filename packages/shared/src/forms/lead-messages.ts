import { COMMENT_MAX, LINKEDIN_HOST, ZIP_CODE_LENGTH } from '../constants.js';

// The lead texts: the lead form's exact messages, the lead pages' texts and the server's answers.
// No zod here: the signed-in first load shows them without the form's schemas (lead.ts).

export const LEAD_MESSAGES = {
  // Form messages (the ones the spec does not quote follow its pattern)
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  companyRequired: 'Company is required',
  titleRequired: 'Position is required',
  tooLong: (n: number) => `Must be less than ${n} characters`,
  // A /lead/list cursor this server did not write.
  cursorInvalid: 'This page link is no longer valid; start from the first page',
  emailInvalid: 'Must be a valid email',
  phoneInvalid: 'Must be a valid phone number',
  linkedinFormat: `LinkedIn profile should be in '${LINKEDIN_HOST}/in/profile' format`,
  contactRequired: 'You must have one of phone, email or linkedin',
  addressRequired: 'Address is required',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'Choose a state',
  postalInvalid: `ZIP code must be ${ZIP_CODE_LENGTH} digits`,
  coordinatesInvalid: 'The location of this address is not valid.',

  // Lead details (the lead list's empty state is in GROUP_MESSAGES)
  commentsEmpty:
    "There's not much here yet. Leave a comment to provide additional information or share your experience(s) working with this lead",
  commentPlaceholder: 'Enter your comment',

  // Fallbacks when the server gives none
  listFailed: 'Lead list failed.',
  createFailed: 'Create lead failed.',
  updateFailed: 'Update lead failed.',
  deleteFailed: 'Delete lead failed.',
  assignFailed: 'Assign user to lead failed',
  commentFailed: 'Submit chat lead message failed.',

  // Server answers where the spec is silent (docs/decisions/leads.md)
  notFound: 'This lead does not exist.',
  ownerOnly: 'Only the member who submitted this lead can do this.',
  ownRating: 'You cannot rate your own lead.',
  ratingInvalid: 'Rating must be a whole number from 0 to 5',
  deleted: 'The lead has been deleted.',
  zipNotFound: 'We could not find this ZIP code.',
  commentRequired: 'Write a comment first.',
  commentTooLong: `Must be less than ${COMMENT_MAX} characters`,
  roomNotFound: 'This conversation does not exist.',
  ratingUsersNotVisible: 'You can only see the ratings of members of your groups.',
  exportFailed: 'The leads could not be exported.',
} as const;
