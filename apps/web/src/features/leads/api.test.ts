import { type ChatMessage, PAGE_SIZE } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { commentsOf, nextCommentsOffset } from './api';

const comment = (messageId: number): ChatMessage => ({
  messageId,
  roomId: 12,
  message: `Comment ${messageId}`,
  user: { userId: 7, firstName: 'Dana', lastName: 'Rivera', avatarUrl: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  seq: messageId,
  version: messageId,
  editedAt: null,
  deleted: false,
  clientMessageId: null,
  attachment: null,
});
const page = (ids: number[], totalCount: number) => ({ roomId: 12, messages: ids.map(comment), totalCount });

describe('lead comments, 50 at a time (the offset grows by 50)', () => {
  it('asks for the next 50 while older comments remain, and stops at the last', () => {
    expect(nextCommentsOffset(page([], PAGE_SIZE * 2 + 1), 0)).toBe(PAGE_SIZE);
    expect(nextCommentsOffset(page([], PAGE_SIZE * 2 + 1), PAGE_SIZE)).toBe(PAGE_SIZE * 2);
    expect(nextCommentsOffset(page([], PAGE_SIZE * 2), PAGE_SIZE)).toBeUndefined();
    expect(nextCommentsOffset(page([], 3), 0)).toBeUndefined();
  });

  it('shows the pages as one list, newest first, a comment pushed onto the next page only once', () => {
    // A new comment arrived between the two pages' fetches: 51 moved from page one to page two.
    const shown = commentsOf([page([52, 51], 53), page([51, 50], 53)]);
    expect(shown.map((c) => c.messageId)).toEqual([52, 51, 50]);
    expect(commentsOf(undefined)).toEqual([]);
  });
});
