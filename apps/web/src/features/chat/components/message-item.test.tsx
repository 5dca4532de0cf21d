import type { ChatMessage } from '@leadcircle/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageItem } from './message-item';

const message: ChatMessage = {
  messageId: 7,
  roomId: 3,
  seq: 1,
  version: 1,
  message: 'Who takes the visit on Monday?',
  user: { userId: 2, firstName: 'Olive', lastName: 'Rivera', avatarUrl: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  deleted: false,
  clientMessageId: null,
  attachment: null,
};

// The actions menu of one's own message is made when first opened (a room shows dozens of messages).
describe('MessageItem actions', () => {
  it('offer Edit and Delete from the actions button of one’s own message', async () => {
    const onDelete = vi.fn();
    render(<MessageItem message={message} isOwn onEdit={async () => null} onDelete={onDelete} />);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Message actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(message);
  });

  it('has no actions button on someone else’s message', () => {
    render(<MessageItem message={message} isOwn={false} onEdit={async () => null} onDelete={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
  });
});
