import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render-in-app';
import { CommentsPanel, type CommentsState } from './comments-panel';

const comment = (messageId: number, message: string) => ({
  messageId,
  message,
  createdAt: '2026-11-20T10:00:00.000Z',
  user: { firstName: 'Milo', lastName: 'Rivera', avatarUrl: null },
});
const loaded = (messages: CommentsState['messages']): CommentsState => ({
  messages,
  isLoading: false,
  isSuccess: true,
  isError: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => {},
});
const panel = (comments: CommentsState, onSend: (message: string) => Promise<unknown> = async () => {}) => (
  <CommentsPanel
    comments={comments}
    listLabel="Contact comments"
    emptyText="Nothing here yet"
    placeholder="Enter your comment"
    sendFailedText="Submit contact comment failed."
    onSend={onSend}
  />
);

describe('CommentsPanel', () => {
  it('shows each comment with its author, and its web addresses as links', () => {
    renderInApp(panel(loaded([comment(2, 'Their site: www.bay.example'), comment(1, '<b>plain</b>')])));
    const list = screen.getByRole('list', { name: 'Contact comments' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getAllByRole('listitem', { name: 'Comment by Milo Rivera' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'www.bay.example' })).toHaveAttribute('href', 'https://www.bay.example');
    expect(screen.getByText('<b>plain</b>')).toBeInTheDocument();
  });

  it('says so when there are none, and offers older ones only when there are more', () => {
    const fetchNextPage = vi.fn();
    const { unmount } = renderInApp(panel(loaded([])));
    expect(screen.getByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SHOW OLDER COMMENTS' })).not.toBeInTheDocument();
    unmount();

    renderInApp(panel({ ...loaded([comment(1, 'One')]), hasNextPage: true, fetchNextPage }));
    fireEvent.click(screen.getByRole('button', { name: 'SHOW OLDER COMMENTS' }));
    expect(fetchNextPage).toHaveBeenCalled();
  });

  it('sends the trimmed comment on Enter and empties the field', async () => {
    const onSend = vi.fn(async () => {});
    renderInApp(panel(loaded([]), onSend));
    const field = screen.getByLabelText('Enter your comment');
    expect(screen.getByRole('button', { name: 'Send comment' })).toBeDisabled();
    fireEvent.change(field, { target: { value: '  Called them today ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(field).toHaveValue(''));
    expect(onSend).toHaveBeenCalledWith('Called them today');
  });

  it("keeps the text and shows the fallback when the send fails without the server's message", async () => {
    renderInApp(panel(loaded([]), () => Promise.reject(new Error('offline'))));
    const field = screen.getByLabelText('Enter your comment');
    fireEvent.change(field, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('Submit contact comment failed.')).toBeInTheDocument();
    expect(field).toHaveValue('Hello');
  });

  it('says the loading and a failure to load', () => {
    const { unmount } = renderInApp(panel({ ...loaded([]), isLoading: true, isSuccess: false }));
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    unmount();
    renderInApp(panel({ ...loaded([]), isSuccess: false, isError: true }));
    expect(screen.getByText('The comments could not be loaded.')).toBeInTheDocument();
  });
});
