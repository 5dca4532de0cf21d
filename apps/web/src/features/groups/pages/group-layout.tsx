import { GROUP_MESSAGES, ROUTES, routePath } from '@leadcircle/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PageOutlet } from '../../../components/page-outlet';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { GROUP_STATS_ROUTE } from '../../../lib/app-routes';
import { useRouteId } from '../../../lib/route-id';
import { useGetGroupQuery } from '../api';

/** The group id of the route, as a number (0 when the address holds no valid id). */
export const useGroupId = (): number => useRouteId('group_id');

// The group page's tabs: Leads (0), Users (1), Messages, then Stats.
const tabs = [
  { label: 'Leads', route: ROUTES.groupLeads },
  { label: 'Users', route: ROUTES.groupUsers },
  { label: 'Messages', route: ROUTES.groupMessages },
  { label: 'Stats', route: GROUP_STATS_ROUTE },
] as const;

/** A group's page: back to the group list, its name, SETTINGS and the tabs over the tab's content. */
export function GroupLayout() {
  const groupId = useGroupId();
  const { pathname } = useLocation();
  const group = useGetGroupQuery(groupId, { skip: groupId === 0 });
  const paths = tabs.map((tab) => routePath(tab.route, { group_id: groupId }));
  const current = Math.max(0, paths.indexOf(pathname));

  let content: ReactNode;
  if (groupId === 0 || group.isError) {
    content = <Alert severity="error">{errorMessage(group.error, GROUP_MESSAGES.notFound)}</Alert>;
  } else if (group.isLoading || !group.data) {
    content = <PageSpinner />;
  } else {
    content = (
      <>
        <Tabs value={current} aria-label="Group sections" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          {tabs.map((tab, index) => (
            <Tab key={tab.label} label={tab.label} component={Link} to={paths[index] ?? ROUTES.groups} />
          ))}
        </Tabs>
        <PageOutlet context={group.data} />
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
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
          {group.data?.name ?? 'Group'}
        </Typography>
        {group.data && (
          <Button variant="outlined" component={Link} to={routePath(ROUTES.groupSettings, { group_id: groupId })}>
            SETTINGS
          </Button>
        )}
      </Stack>
      {content}
    </Box>
  );
}
