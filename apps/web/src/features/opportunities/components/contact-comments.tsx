import { LEAD_MESSAGES, OPPORTUNITY_MESSAGES, SERVER_EVENTS } from '@leadcircle/shared';
import { useRef } from 'react';
import { CommentsPanel } from '../../../components/comments-panel';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { newClientId } from '../../../lib/client-id';
import { contactCommentsOf, useListContactCommentsInfiniteQuery, useSendContactCommentMutation } from '../api';

/**
 * A contact's comments (its chat room), shown to everyone the opportunity is shared with. Others'
 * comments arrive live: the realtime channel says a comment came, and the loaded pages are read again
 * (also after a reconnection, for whatever came meanwhile). A comment keeps its client id until it is
 * stored, so sending the same text again after a lost answer stores it once.
 */
export function ContactComments({ contactId }: { contactId: number }) {
  const comments = useListContactCommentsInfiniteQuery(contactId, { refetchOnMountOrArgChange: true });
  const { refetch } = comments;
  useRealtimeEvent(SERVER_EVENTS.contactComment, (event) => {
    if (event.contactId === contactId) void refetch();
  });
  useOnReconnect(() => void refetch());
  const [sendComment] = useSendContactCommentMutation();
  const unsent = useRef<{ message: string; clientId: string } | null>(null);

  return (
    <CommentsPanel
      comments={{ ...comments, messages: contactCommentsOf(comments.data?.pages) }}
      listLabel="Contact comments"
      emptyText="No comments yet. Leave one for everyone working this opportunity."
      placeholder={LEAD_MESSAGES.commentPlaceholder}
      sendFailedText={OPPORTUNITY_MESSAGES.commentFailed}
      onSend={async (message) => {
        if (unsent.current?.message !== message) unsent.current = { message, clientId: newClientId() };
        await sendComment({ contact_id: contactId, message, client_message_id: unsent.current.clientId }).unwrap();
        unsent.current = null;
      }}
    />
  );
}
