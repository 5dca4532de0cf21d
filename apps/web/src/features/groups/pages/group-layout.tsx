import { GROUP_MESSAGES, ROUTES, routePath } from '@leadcircle/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LinkTabs, routeTabs } from '../../../components/link-tabs';
import { PageOutlet } from '../../../components/page-outlet';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { GROUP_STATS_ROUTE } from '../../../lib/app-routes';
import { useRouteId } from '../../../lib/route-id';
import { useGetGroupQuery } from '../api';

/** The group id of the route, as a number (0 when the address holds no valid id). */
export const useGroupId = (): number => useRouteId('group_id');

// The group page's tabs: Leads (0), Users (1), Messages, then Stats.
const LEADS_TAB = 0;
const tabs = [
  { label: 'Leads', route: ROUTES.groupLeads },
  { label: 'Users', route: ROUTES.groupUsers },
  { label: 'Messages', route: ROUTES.groupMessages },
  { label: 'Stats', route: GROUP_STATS_ROUTE },
] as const;

// Memoized: the group's coming does not render the tabs again.
const GroupTabs = memo(function GroupTabs({ groupId, tabIndex }: { groupId: number; tabIndex: number }) {
  return (
    <LinkTabs label="Group sections" tabs={routeTabs(tabs, { group_id: groupId })} selected={tabIndex} sx={{ mb: 2 }} />
  );
});

/**
 * A group's page: back to the group list, its name, SETTINGS and the tabs over the tab's content. The tabs'
 * pages get the group (outlet context), once it has come.
 */
export function GroupLayout() {
  const groupId = useGroupId();
  const { pathname } = useLocation();
  const group = useGetGroupQuery(groupId, { skip: groupId === 0 });
  const tabIndex = routeTabs(tabs, { group_id: groupId }).findIndex((tab) => tab.to === pathname);

  // The frame shows at once, and so does the lead list, which needs only the group's id from the address:
  // it asks for its leads beside the group (the first page a member opens). Rendered when the group came,
  // the frame and the list were one long task on a phone, and the group's name waited for it.
  const isMissing = groupId === 0 || group.isError;
  let content: ReactNode;
  if (isMissing) {
    content = <Alert severity="error">{errorMessage(group.error, GROUP_MESSAGES.notFound)}</Alert>;
  } else {
    content = (
      <>
        <GroupTabs groupId={groupId} tabIndex={Math.max(0, tabIndex)} />
        {group.data || tabIndex === LEADS_TAB ? <PageOutlet context={group.data} /> : <PageSpinner />}
      </>
    );
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Tooltip title="Back to groups">
          <IconButton component={Link} to={ROUTES.groups} aria-label="Back to groups">
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        {/* One line whatever the name (the whole of it on hover), so the page below never moves when it comes. */}
        <Typography
          component="h1"
          variant="h4"
          noWrap
          title={group.data?.name}
          sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1.5rem', sm: undefined } }}
        >
          {group.data?.name ?? 'Group'}
        </Typography>
        {!isMissing && (
          <Button variant="outlined" component={Link} to={routePath(ROUTES.groupSettings, { group_id: groupId })}>
            SETTINGS
          </Button>
        )}
      </Stack>
      {content}
    </Box>
  );
}
