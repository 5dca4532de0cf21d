import { type ChatMessage, LEAD_MESSAGES, PAGE_SIZE } from '@leadcircle/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { LeadComments } from './lead-comments';
import { testLead } from './test-lead';

const comment = (messageId: number): ChatMessage => ({
  messageId,
  roomId: testLead.roomId,
  message: `Comment number ${messageId}`,
  user: { userId: 9, firstName: 'Milo', lastName: 'Rivera', avatarUrl: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  seq: messageId,
  version: messageId,
  editedAt: null,
  deleted: false,
  clientMessageId: null,
  attachment: null,
});
// Newest first: ids total … 1.
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from - i);
const page = (from: number, count: number, totalCount: number) => ({
  status: 200,
  // Older comments remain while the page's oldest is not the first.
  body: { roomId: testLead.roomId, messages: ids(from, count).map(comment), totalCount, hasMore: from - count > 0 },
});

describe('LeadComments', () => {
  it('shows the newest 50 and loads the older ones, 50 at a time before the oldest held, on request', async () => {
    await seedCurrentUser();
    const total = PAGE_SIZE + 1;
    const calls = answerCalls({ '/api/chat/lead/list': [page(total, PAGE_SIZE, total), page(1, 1, total)] });
    renderInApp(<LeadComments lead={testLead} />);

    expect(await screen.findByText(`Comment number ${total}`)).toBeInTheDocument();
    expect(screen.queryByText('Comment number 1')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'SHOW OLDER COMMENTS' }));

    expect(await screen.findByText('Comment number 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(total);
    expect(screen.queryByRole('button', { name: 'SHOW OLDER COMMENTS' })).not.toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/chat/lead/list')).toEqual([
      { id: testLead.leadId, get_next: PAGE_SIZE },
      { id: testLead.leadId, before_seq: total - PAGE_SIZE + 1, get_next: PAGE_SIZE },
    ]);
  });

  it('offers no older comments when all fit on one page, and says so when there are none', async () => {
    await seedCurrentUser();
    answerCalls({ '/api/chat/lead/list': page(0, 0, 0) });
    renderInApp(<LeadComments lead={testLead} />);
    expect(await screen.findByText(LEAD_MESSAGES.commentsEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SHOW OLDER COMMENTS' })).not.toBeInTheDocument();
  });
});
