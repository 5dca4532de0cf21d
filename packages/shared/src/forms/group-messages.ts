// The group texts of both specs: the forms' exact messages, the pages' texts and the server's answers.
// No zod here: the signed-in first load shows them without the forms' schemas.

export const GROUP_MESSAGES = {
  nameTaken: 'The group name you chose is already taken',
  inviteSent: 'You have sent the invitation link successfully.',
  settingsUpdated: 'You have updated the group setting.',
  leaveOrDeleteWarning: 'This operation cannot be undone and you will lose permanent access to all group data.',
  usersEmpty: 'Start by adding a user to your group',
  listEmpty: 'Looks like there is no one in here...',
  leadsEmpty: 'Start by adding a lead to your group',
  groupCreated: 'You have created a new group',

  // Form messages
  joinTooLong: "Can't be longer than 100 characters long",
  wizardNameBlank: 'Group name cannot be blank',
  wizardPasswordShort: 'Group password must be at least 6 characters',
  wizardTargetRequired: 'Choose a target industry',
  wizardProductRequired: 'Choose a product',
  nameRequired: 'Group name is required',
  descriptionRequired: 'Description is required',
  inviteEmailRequired: 'Email is required',
  inviteEmailInvalid: 'Must be a valid email',

  // Fallbacks when the server gives no message
  addFailed: 'Group add failed.',
  createFailed: 'Create private group failed.',
  updateFailed: 'Update group failed.',
  leaveFailed: 'Leave group failed.',
  removeFailed: 'Remove group failed.',

  // Server answers where the spec is silent (docs/decisions/groups.md)
  notFound: 'This group does not exist.',
  notMember: 'You are not a member of this group.',
  wrongPassword: 'The group name or password is incorrect.',
  alreadyMember: 'You are already a member of this group.',
  inviteeAlreadyMember: 'This person is already a member of the group.',
  ownerOnly: 'Only the creator of the group can do this.',
  ownerCannotLeave: 'The creator cannot leave the group; delete it instead.',
  memberNotFound: 'This user is not a member of the group.',
  inviteInvalid: 'This invitation is invalid or has already been used.',
  inviteExpired: 'This invitation has expired. Ask for a new one.',
  inviteOtherAddress: 'This invitation was sent to another e-mail address.',
  paymentMethodRequired: 'Add a payment method before you create or join a group.',
  productNotFound: 'The chosen product does not exist.',
  targetNotFound: 'The chosen target industry does not exist.',
  userUpdateSelfOnly: 'You can only change your own product in a group.',
  joined: 'You have joined the group.',
  left: 'You have left the group.',
  removed: 'The user has been removed from the group.',
  deleted: 'The group has been deleted.',
} as const;
