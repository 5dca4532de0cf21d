import { EmptyState } from '../../../components/empty-state';

/** The group's Messages tab: the group chat comes with the chat issue. */
export function GroupMessagesPage() {
  return (
    <EmptyState
      title="Group messages are coming"
      text="The group chat comes with the chat part of LeadCircle, which is not built yet."
    />
  );
}
