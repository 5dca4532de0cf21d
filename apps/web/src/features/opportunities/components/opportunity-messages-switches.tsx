import { type Opportunity, PAGE_SIZE } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { MessagesSwitchItem } from '../../../components/messages-switch-item';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { useGetMessagesSettingQuery, useListOpportunitiesQuery, useSetMessagesSettingMutation } from '../api';

/** The person's opportunities (own and shared), each with its Messages switch, 50 a page. */
export function OpportunityMessagesSwitches() {
  const [pages, setPages] = useState(1);
  const first = useListOpportunitiesQuery(
    { start_position: 0, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  if (first.isLoading) return <PageSpinner />;
  if (first.isError) {
    return <Typography color="error">{errorMessage(first.error, 'The opportunities could not be loaded.')}</Typography>;
  }
  const totalCount = first.data?.totalCount ?? 0;
  if (totalCount === 0) {
    return (
      <EmptyState
        title="No opportunity yet"
        text="Each opportunity you create or that is shared with you will appear here with its own Messages switch."
      />
    );
  }
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {Array.from({ length: pages }, (_, page) => page).map((page) => (
          <OpportunityPage
            key={`page-${page}`}
            page={page}
            firstPage={page === 0 ? first.data?.opportunities : undefined}
          />
        ))}
      </List>
      {pages * PAGE_SIZE < totalCount && (
        <Button sx={{ m: 1 }} onClick={() => setPages(pages + 1)}>
          Show more opportunities
        </Button>
      )}
    </Paper>
  );
}

function OpportunityPage({ page, firstPage }: { page: number; firstPage?: readonly Opportunity[] }) {
  const later = useListOpportunitiesQuery(
    { start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { skip: firstPage !== undefined },
  );
  return (
    <>
      {(firstPage ?? later.data?.opportunities ?? []).map((opportunity) => (
        <OpportunityMessagesSwitch key={opportunity.opportunityId} opportunity={opportunity} />
      ))}
    </>
  );
}

function OpportunityMessagesSwitch({ opportunity }: { opportunity: Opportunity }) {
  const setting = useGetMessagesSettingQuery(opportunity.opportunityId, { refetchOnMountOrArgChange: true });
  const [save, saveState] = useSetMessagesSettingMutation();
  return (
    <MessagesSwitchItem
      name={opportunity.name}
      checked={setting.data?.toggledOn}
      saving={saveState.isLoading}
      save={(on) => save({ opportunityId: opportunity.opportunityId, on }).unwrap()}
    />
  );
}
