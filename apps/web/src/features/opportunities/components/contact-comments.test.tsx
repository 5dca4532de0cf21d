import { PAGE_SIZE } from '@leadcircle/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { ContactComments } from './contact-comments';

const comment = (messageId: number, message: string) => ({
  messageId,
  roomId: 5,
  message,
  user: { userId: 9, firstName: 'Milo', lastName: 'Rivera', avatarUrl: null },
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('ContactComments', () => {
  it("shows the contact's comments with their links as links, and sends a new one", async () => {
    await seedCurrentUser();
    const calls = answerCalls({
      '/api/opportunity/contact/comment/list': {
        status: 200,
        body: { comments: [comment(1, 'Profile: https://bay.example/lee')], totalCount: 1 },
      },
      '/api/opportunity/contact/comment/send': { status: 200, body: comment(2, 'Called') },
    });
    renderInApp(<ContactComments contactId={5} />);
    expect(await screen.findByRole('link', { name: 'https://bay.example/lee' })).toHaveAttribute(
      'href',
      'https://bay.example/lee',
    );
    expect(bodiesSentTo(calls, '/api/opportunity/contact/comment/list')[0]).toEqual({
      contact_id: 5,
      start_position: 0,
      get_next: PAGE_SIZE,
    });

    fireEvent.change(screen.getByLabelText('Enter your comment'), { target: { value: 'Called' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/opportunity/contact/comment/send')).toEqual([
        { contact_id: 5, message: 'Called' },
      ]),
    );
  });
});
