import { OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import { EmptyState } from '../../../components/empty-state';
import { useOpportunity } from './opportunity-layout';

/**
 * The Messages tab (spec 001 §2): the opportunity's chat room, made with the opportunity
 * (`opportunity.roomId`). Until the chat issue's room conversation takes this route's place, it shows
 * the spec's empty state; the button does nothing yet, as in the spec.
 */
export function OpportunityMessagesPage() {
  const opportunity = useOpportunity();
  return (
    <section aria-label="Messages" data-room-id={opportunity.roomId}>
      <EmptyState
        title={OPPORTUNITY_MESSAGES.messagesEmpty}
        action={<Button variant="contained">{OPPORTUNITY_MESSAGES.startConversation}</Button>}
      />
    </section>
  );
}
