import { COMMENT_REFRESH_MS, LEAD_MESSAGES, OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import { CommentsPanel } from '../../../components/comments-panel';
import { contactCommentsOf, useListContactCommentsInfiniteQuery, useSendContactCommentMutation } from '../api';

/**
 * A contact's comments: stored and shown to everyone the opportunity is shared with. Others'
 * comments arrive by polling.
 */
export function ContactComments({ contactId }: { contactId: number }) {
  const comments = useListContactCommentsInfiniteQuery(contactId, {
    pollingInterval: COMMENT_REFRESH_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  const [sendComment] = useSendContactCommentMutation();

  return (
    <CommentsPanel
      comments={{ ...comments, messages: contactCommentsOf(comments.data?.pages) }}
      listLabel="Contact comments"
      emptyText="No comments yet. Leave one for everyone working this opportunity."
      placeholder={LEAD_MESSAGES.commentPlaceholder}
      sendFailedText={OPPORTUNITY_MESSAGES.commentFailed}
      onSend={(message) => sendComment({ contact_id: contactId, message }).unwrap()}
    />
  );
}
