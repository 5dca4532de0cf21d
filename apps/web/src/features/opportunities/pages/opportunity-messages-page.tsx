import { OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { type ReactNode, useRef } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { useOpportunity } from './opportunity-layout';

interface OpportunityMessagesPageProps {
  /** The room's conversation, composed by the router (the chat area draws it). */
  renderRoom: (roomId: number, emptyState: ReactNode) => ReactNode;
}

/**
 * The Messages tab: the opportunity's chat room, made with the opportunity. While it has no message it
 * shows the spec's empty state; START A NEW CONVERSATION takes the person to the message field.
 */
export function OpportunityMessagesPage({ renderRoom }: OpportunityMessagesPageProps) {
  const opportunity = useOpportunity();
  const section = useRef<HTMLElement>(null);
  const focusComposer = () =>
    section.current?.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden])')?.focus();
  const emptyState = (
    <EmptyState
      title={OPPORTUNITY_MESSAGES.messagesEmpty}
      action={
        <Button variant="contained" onClick={focusComposer}>
          {OPPORTUNITY_MESSAGES.startConversation}
        </Button>
      }
    />
  );
  return (
    <Paper
      ref={section}
      component="section"
      aria-label="Messages"
      variant="outlined"
      sx={{ height: { xs: 'calc(100dvh - 240px)', md: 'min(70vh, 720px)' }, minHeight: 420 }}
    >
      {renderRoom(opportunity.roomId, emptyState)}
    </Paper>
  );
}
