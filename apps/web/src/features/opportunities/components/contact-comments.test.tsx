import { type ContactCommentEvent, PAGE_SIZE } from '@leadcircle/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../core/realtime/realtime';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { ContactComments } from './contact-comments';

const comment = (messageId: number, message: string) => ({
  messageId,
  roomId: 5,
  message,
  user: { userId: 9, firstName: 'Milo', lastName: 'Rivera', avatarUrl: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  clientMessageId: null,
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
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
        { contact_id: 5, message: 'Called', client_message_id: expect.stringMatching(/^[A-Za-z0-9_-]+$/) },
      ]),
    );
  });

  it('sends a comment again with the same client id after a failure, and a new comment with a new one', async () => {
    await seedCurrentUser();
    const calls = answerCalls({
      '/api/opportunity/contact/comment/list': { status: 200, body: { comments: [], totalCount: 0 } },
      '/api/opportunity/contact/comment/send': [
        { status: 500, body: { message: 'Try again.' } },
        { status: 200, body: comment(2, 'Called') },
        { status: 200, body: comment(3, 'Emailed') },
      ],
    });
    renderInApp(<ContactComments contactId={5} />);
    const box = await screen.findByLabelText('Enter your comment');
    const sendText = async (text: string, sends: number) => {
      fireEvent.change(box, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Send comment' }));
      await waitFor(() => expect(bodiesSentTo(calls, '/api/opportunity/contact/comment/send')).toHaveLength(sends));
    };
    await sendText('Called', 1);
    expect(await screen.findByText('Try again.')).toBeInTheDocument();
    await sendText('Called', 2);
    await waitFor(() => expect(box).toHaveValue(''));
    await sendText('Emailed', 3);
    const ids = bodiesSentTo(calls, '/api/opportunity/contact/comment/send').map(
      (body) => (body as { client_message_id: string }).client_message_id,
    );
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('reads the comments again when the realtime channel says this contact has a new one, and never on a timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const on = vi.spyOn(realtime, 'on');
    await seedCurrentUser();
    const calls = answerCalls({
      '/api/opportunity/contact/comment/list': [
        { status: 200, body: { comments: [comment(1, 'First')], totalCount: 1 } },
        { status: 200, body: { comments: [comment(2, 'From a colleague'), comment(1, 'First')], totalCount: 2 } },
      ],
    });
    renderInApp(<ContactComments contactId={5} />);
    expect(await screen.findByText('First')).toBeInTheDocument();
    const listCalls = () => bodiesSentTo(calls, '/api/opportunity/contact/comment/list').length;
    expect(listCalls()).toBe(1);

    // A minute with no event: nothing is read again.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(listCalls()).toBe(1);

    const listener = on.mock.calls.find(([event]) => event === 'contact:comment')?.[1];
    expect(listener).toBeDefined();
    const event = (contactId: number): ContactCommentEvent => ({
      contactId,
      opportunityId: 3,
      message: {
        ...comment(2, 'From a colleague'),
        seq: 2,
        version: 2,
        editedAt: null,
        deleted: false,
        attachment: null,
      },
    });
    // Another contact's comment is not this one's.
    act(() => listener?.(event(6)));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(listCalls()).toBe(1);

    act(() => listener?.(event(5)));
    expect(await screen.findByText('From a colleague')).toBeInTheDocument();
    expect(listCalls()).toBe(2);
  });
});
