import type { ChatMessage, ChatRoom } from '@leadcircle/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RoomList } from './room-list';

const message: ChatMessage = {
  messageId: 7,
  roomId: 3,
  seq: 1,
  version: 1,
  message: '',
  user: { userId: 2, firstName: 'Olive', lastName: 'Rivera', avatarUrl: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  deleted: false,
  clientMessageId: null,
  attachment: {
    attachmentId: 9,
    fileName: 'site-plan.pdf',
    contentType: 'application/pdf',
    size: 1200,
    isImage: false,
    url: '/api/chat/attachment/9',
  },
};

const room = (lastMessage: ChatMessage): ChatRoom => ({
  roomId: 3,
  kind: 'OPPORTUNITY',
  name: 'Harbor cold storage',
  avatarUrl: null,
  groupId: null,
  businessId: null,
  opportunityId: 4,
  leadId: null,
  otherUser: null,
  lastMessage,
  lastActivityAt: lastMessage.createdAt,
  unreadCount: 0,
  muted: false,
  lastSeq: 1,
  lastVersion: 1,
  lastReadSeq: 1,
});

function renderRoom(lastMessage: ChatMessage) {
  render(
    <MemoryRouter>
      <RoomList rooms={[room(lastMessage)]} selectedRoomId={null} roomHref={(id) => `/chat?room=${id}`} label="rooms" />
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: /^Harbor cold storage/ });
}

describe('RoomList', () => {
  it("marks a last message's file with the app's attachment icon, named, and no emoji", () => {
    const link = renderRoom(message);
    expect(within(link).getByRole('img', { name: 'Attachment' }).tagName.toLowerCase()).toBe('svg');
    expect(link).toHaveTextContent('site-plan.pdf');
    expect(link.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('shows the caption of a file sent with one, after the icon', () => {
    const link = renderRoom({ ...message, message: 'The  site\nplan' });
    expect(within(link).getByRole('img', { name: 'Attachment' })).toBeInTheDocument();
    expect(link).toHaveTextContent('The site plan');
    expect(link).not.toHaveTextContent('site-plan.pdf');
  });

  it('shows a text message as it is, with no icon', () => {
    const link = renderRoom({ ...message, message: 'See you Monday', attachment: null });
    expect(link).toHaveTextContent('See you Monday');
    expect(within(link).queryByRole('img', { name: 'Attachment' })).toBeNull();
  });
});
