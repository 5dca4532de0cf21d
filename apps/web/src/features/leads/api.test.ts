import { type ChatMessage, PAGE_SIZE } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { commentsOf, commentsPageBody, NEWEST_COMMENTS, nextCommentsAnchor } from './api';

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
const page = (ids: number[], hasMore: boolean) => ({
  roomId: 12,
  messages: ids.map(comment),
  totalCount: 200,
  hasMore,
});

describe('lead comments, 50 at a time, each page just older than the last one held', () => {
  it('asks for the comments before the oldest one held while older ones remain, and stops at the last', () => {
    expect(nextCommentsAnchor(page([120, 119, 118], true))).toBe(118);
    expect(nextCommentsAnchor(page([3, 2, 1], false))).toBeUndefined();
    expect(nextCommentsAnchor(page([], false))).toBeUndefined();
  });

  it('asks for the newest page first (no anchor)', () => {
    expect(commentsPageBody(7, NEWEST_COMMENTS)).toEqual({ id: 7, get_next: PAGE_SIZE });
    expect(commentsPageBody(7, 118)).toEqual({ id: 7, before_seq: 118, get_next: PAGE_SIZE });
  });

  it('shows the pages as one list, newest first, a comment held twice only once', () => {
    const shown = commentsOf([page([52, 51], true), page([51, 50], false)]);
    expect(shown.map((c) => c.messageId)).toEqual([52, 51, 50]);
    expect(commentsOf(undefined)).toEqual([]);
  });
});
