import type { DbOrTx } from '../../db/client.js';
import * as q from './chat.queries.js';

// The unread rule, for modules that tell people about messages (the notification e-mail): a message is
// unread while it is past the person's read mark, in a room they have not muted, and not deleted.

/** Of the chat messages, those the person has not read: id → text. */
export const unreadMessageTexts = (db: DbOrTx, userId: number, messageIds: number[]) =>
  q.unreadMessageTexts(db, userId, messageIds);
