import { CHAT_ATTACHMENT_MAX_MEGABYTES, CHAT_MESSAGE_MAX } from '../constants.js';
import { LEAD_MESSAGES } from '../forms/lead-messages.js';

// The chat texts: fallbacks and the server's answers. No zod here: the signed-in frame shows them
// without the chat's schemas (chat.ts).

export const CHAT_MESSAGES = {
  // Fallbacks when the server gives none
  roomListFailed: 'Fetch chat room list failed.',
  sendFailed: 'Submit chat lead message failed.',
  // Server answers (docs/decisions/chat.md)
  roomNotFound: LEAD_MESSAGES.roomNotFound,
  messageNotFound: 'This message does not exist.',
  messageRequired: 'Write a message first.',
  messageTooLong: `Must be less than ${CHAT_MESSAGE_MAX} characters`,
  ownMessageOnly: 'You can only change your own messages.',
  messageDeleted: 'This message has been deleted.',
  rateLimited: 'You are sending messages too fast. Wait a moment and try again.',
  userNotFound: 'This person does not exist.',
  directWithSelf: 'You cannot start a conversation with yourself.',
  directNotShared: 'You can only message people you share a group or business with.',
  attachmentMissing: 'Choose a file to send.',
  attachmentTooLarge: `The file is too large: at most ${CHAT_ATTACHMENT_MAX_MEGABYTES} MB.`,
  attachmentType:
    'This kind of file cannot be sent: send a picture (PNG, JPEG, GIF, WebP), a PDF, an Office document or a text file.',
  attachmentNotMultipart: 'Send the file as multipart/form-data.',
  attachmentNotFound: 'This file does not exist.',
  socketUnauthorized: 'Sign in again to receive messages live.',
} as const;
