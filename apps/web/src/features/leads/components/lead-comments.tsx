import { LEAD_MESSAGES, type Lead, SERVER_EVENTS } from '@leadcircle/shared';
import { CommentsPanel } from '../../../components/comments-panel';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { commentsOf, useListLeadCommentsInfiniteQuery, useSendLeadCommentMutation } from '../api';

/**
 * The lead's comments (its chat room). Other members' comments arrive live: the realtime channel
 * says a comment came, and the loaded pages are read again (also after a reconnection, for whatever
 * came meanwhile).
 */
export function LeadComments({ lead }: { lead: Lead }) {
  const comments = useListLeadCommentsInfiniteQuery(lead.leadId, { refetchOnMountOrArgChange: true });
  const { refetch } = comments;
  useRealtimeEvent(SERVER_EVENTS.leadComment, (event) => {
    if (event.leadId === lead.leadId) void refetch();
  });
  useOnReconnect(() => void refetch());
  const [sendComment] = useSendLeadCommentMutation();

  return (
    <CommentsPanel
      comments={{ ...comments, messages: commentsOf(comments.data?.pages) }}
      listLabel="Lead comments"
      emptyText={LEAD_MESSAGES.commentsEmpty}
      placeholder={LEAD_MESSAGES.commentPlaceholder}
      sendFailedText={LEAD_MESSAGES.commentFailed}
      onSend={(message) => sendComment({ leadId: lead.leadId, body: { room_id: lead.roomId, message } }).unwrap()}
    />
  );
}
