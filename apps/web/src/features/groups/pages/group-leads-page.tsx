import { GROUP_MESSAGES } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';

// Leads come with the leads issue: until then the tab is its empty state, and adding is explained.
const comingWithLeads = 'Adding leads comes with the leads part of LeadCircle, which is not built yet.';

/** The group's Leads tab (spec 001 §2), empty until the leads issue lands. */
export function GroupLeadsPage() {
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled>
          CREATE LEAD
        </Button>
      </Stack>
      <EmptyState
        title={GROUP_MESSAGES.listEmpty}
        text={GROUP_MESSAGES.leadsEmpty}
        action={
          <Stack sx={{ alignItems: 'center', gap: 1 }}>
            <Button variant="contained" disabled>
              ADD LEAD
            </Button>
            <Typography variant="body2" color="text.secondary">
              {comingWithLeads}
            </Typography>
          </Stack>
        }
      />
    </Stack>
  );
}
