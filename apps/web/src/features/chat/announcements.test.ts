import type { ChatMessage } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { announcementOf, messageToAnnounce } from './announcements';

function message(messageId: number, userId: number, text = `message ${messageId}`): ChatMessage {
  return {
    messageId,
    roomId: 1,
    seq: messageId,
    version: messageId,
    message: text,
    user: { userId, firstName: 'Milo', lastName: 'Rivera', avatarUrl: null },
    createdAt: '2026-11-23T12:00:00.000Z',
    editedAt: null,
    deleted: false,
    clientMessageId: null,
    attachment: null,
  };
}

describe('messageToAnnounce', () => {
  const me = 1;
  const other = 2;
  it('reads out a newer message from someone else', () => {
    const messages = [message(10, other), message(11, other)];
    expect(messageToAnnounce(messages, 10, me)?.messageId).toBe(11);
  });
  it('reads out nothing of what was seen, of one’s own or of an older one come last', () => {
    expect(messageToAnnounce([message(10, other)], 10, me)).toBeNull();
    expect(messageToAnnounce([message(10, other), message(11, me)], 10, me)).toBeNull();
    // The newest deleted: the one before it comes last again.
    expect(messageToAnnounce([message(9, other)], 10, me)).toBeNull();
  });
});

describe('announcementOf', () => {
  it('names the author and says the text, or the file sent', () => {
    expect(announcementOf(message(1, 2, 'The Acme lead signed!'))).toBe('Milo Rivera: The Acme lead signed!');
    const file = {
      ...message(2, 2, ''),
      attachment: {
        attachmentId: 1,
        fileName: 'quote.pdf',
        contentType: 'application/pdf',
        size: 10,
        isImage: false,
        url: '/x',
      },
    };
    expect(announcementOf(file)).toBe('Milo Rivera sent a file: quote.pdf');
  });
});
