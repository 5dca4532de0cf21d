import { OPPORTUNITY_MESSAGES, type OpportunityDetail, ROUTES, routePath } from '@leadcircle/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useOutletContext } from 'react-router';
import { LinkTabs, routeTabs } from '../../../components/link-tabs';
import { PageOutlet } from '../../../components/page-outlet';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { useRouteId } from '../../../lib/route-id';
import { useGetOpportunityQuery } from '../api';
import { ShareDialog } from '../components/share-dialog';

/** The opportunity id of the route, as a number (0 when the address holds no valid id). */
export const useOpportunityId = (): number => useRouteId('opportunity_id');

/** The opportunity the layout loaded, for its tabs. */
export const useOpportunity = () => useOutletContext<OpportunityDetail>();

// The opportunity's tabs: Information (0), Messages (1), Contacts (2).
const tabs = [
  { label: 'Information', route: ROUTES.opportunityInformation },
  { label: 'Messages', route: ROUTES.opportunityMessages },
  { label: 'Contacts', route: ROUTES.opportunityContacts },
] as const;

/** An opportunity's page: back to the list, its name, SHARE (owner) and Settings, then the tabs. */
export function OpportunityLayout() {
  const opportunityId = useOpportunityId();
  const { pathname } = useLocation();
  const opportunity = useGetOpportunityQuery(opportunityId, {
    skip: opportunityId === 0,
    refetchOnMountOrArgChange: true,
  });
  const [isSharing, setIsSharing] = useState(false);
  const sections = routeTabs(tabs, { opportunity_id: opportunityId });
  const current = Math.max(
    0,
    sections.findIndex((tab) => tab.to === pathname),
  );

  let content: ReactNode;
  if (opportunityId === 0 || opportunity.isError) {
    content = <Alert severity="error">{errorMessage(opportunity.error, OPPORTUNITY_MESSAGES.notFound)}</Alert>;
  } else if (opportunity.isLoading || !opportunity.data) {
    content = <PageSpinner />;
  } else {
    content = (
      <>
        <LinkTabs label="Opportunity sections" tabs={sections} selected={current} sx={{ mb: 2 }} />
        <PageOutlet context={opportunity.data} />
      </>
    );
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Tooltip title="Back to opportunities">
          <IconButton component={Link} to={ROUTES.opportunities} aria-label="Back to opportunities">
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {opportunity.data?.name ?? 'Opportunity'}
        </Typography>
        {opportunity.data?.isOwner && (
          <Button variant="contained" onClick={() => setIsSharing(true)}>
            SHARE
          </Button>
        )}
        {opportunity.data && (
          <Button
            variant="outlined"
            startIcon={<SettingsIcon />}
            component={Link}
            to={routePath(ROUTES.opportunitySettings, { opportunity_id: opportunityId })}
          >
            Settings
          </Button>
        )}
      </Stack>
      {content}
      {isSharing && <ShareDialog opportunityId={opportunityId} onClose={() => setIsSharing(false)} />}
    </Box>
  );
}
