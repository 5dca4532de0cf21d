import { describeActivity, ROUTES, SERVER_EVENTS } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageSpinner } from '../../../components/page-spinner';
import { useAppDispatch } from '../../../core/hooks';
import { modalOpened } from '../../../core/modals-slice';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import {
  activitiesApi,
  useGlobalActivitiesInfiniteQuery,
  useRecentGroupsQuery,
  useRecentOpportunitiesQuery,
} from '../api';
import { relativeTime } from '../describe';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography component="h2" variant="overline" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A side section: the newest few groups or opportunities, each a link, or what to say when there are none. */
function RecentList(props: {
  title: string;
  label: string;
  empty: string;
  isEmpty: boolean;
  links: { key: number; to: string; name: string }[];
}) {
  return (
    <Section title={props.title}>
      {props.isEmpty && <Typography color="text.secondary">{props.empty}</Typography>}
      <List dense aria-label={props.label}>
        {props.links.map((link) => (
          <ListItem key={link.key} disableGutters>
            <Link component={RouterLink} to={link.to}>
              {link.name}
            </Link>
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

/**
 * The home screen: ACTIVITIES (live), RECENT GROUPS, RECENT OPPORTUNITIES, NEW GROUP (the create
 * wizard with its payment gate) and NEW OPPORTUNITY (the opportunities' dialog, opened by its list).
 */
export function ActivitiesPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const feed = useGlobalActivitiesInfiniteQuery();
  const groups = useRecentGroupsQuery();
  const opportunities = useRecentOpportunitiesQuery();
  const refresh = () => dispatch(activitiesApi.util.invalidateTags(['Activities']));
  useRealtimeEvent(SERVER_EVENTS.activityNew, refresh);
  // A room's new message may stand for its activity (it then carries the activity's id).
  useRealtimeEvent(SERVER_EVENTS.chatMessage, (event) => {
    if (event.activityId !== undefined) refresh();
  });
  useOnReconnect(refresh);

  const items = feed.data?.pages.flatMap((page) => page.globalActivities.activities) ?? [];
  const groupRows = groups.data?.groups ?? [];
  const opportunityRows = opportunities.data?.opportunities ?? [];
  const isNew = feed.isSuccess && groups.isSuccess && items.length === 0 && groupRows.length === 0;
  // The sections show once the feed and the recent groups have answered (or failed), together: on a phone
  // the feed comes first, and the recent lists shown before it would be pushed down under the reader's eyes;
  // the welcome for someone new needs both answers too. Opportunities fill in in place, at the bottom.
  const answered = (query: { data?: unknown; isError: boolean }) => query.data !== undefined || query.isError;
  const isLoading = !answered(feed) || !answered(groups);

  return (
    <Stack sx={{ gap: 2, p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4">
          Activities
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => dispatch(modalOpened('createGroup'))}>
            NEW GROUP
          </Button>
          <Button variant="outlined" onClick={() => navigate(`${ROUTES.opportunities}?new=1`)}>
            NEW OPPORTUNITY
          </Button>
        </Stack>
      </Stack>
      {isLoading && <PageSpinner />}
      {!isLoading && isNew && (
        <EmptyState
          title="Welcome to LeadCircle"
          text="Start by creating a group or joining one with its name and password, then share your first lead. What happens in your groups and opportunities shows up here."
          action={
            <Button component={RouterLink} to={ROUTES.groups}>
              Go to groups
            </Button>
          }
        />
      )}
      {!isLoading && (
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'stretch' }}>
          <Stack sx={{ flex: 2, minWidth: 0 }}>
            <Section title="ACTIVITIES">
              {feed.isError && !feed.data && <Typography color="error">Activities could not be loaded.</Typography>}
              {feed.isSuccess && items.length === 0 && (
                <Typography color="text.secondary">Nothing has happened yet.</Typography>
              )}
              <List dense aria-label="Activities">
                {items.map((a) => {
                  const { text, to } = describeActivity(a);
                  return (
                    <ListItem key={a.activityId} disableGutters>
                      <ListItemText
                        primary={
                          to ? (
                            <Link component={RouterLink} to={to} underline="hover">
                              {text}
                            </Link>
                          ) : (
                            text
                          )
                        }
                        secondary={<time dateTime={a.timestamp}>{relativeTime(a.timestamp)}</time>}
                      />
                    </ListItem>
                  );
                })}
              </List>
              {feed.hasNextPage && (
                <Box sx={{ textAlign: 'center', pt: 1 }}>
                  {feed.isFetchNextPageError && !feed.isFetchingNextPage && (
                    <Typography role="alert" color="error" variant="body2">
                      Older activities could not be loaded.
                    </Typography>
                  )}
                  <Button size="small" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
                    SHOW OLDER ACTIVITIES
                  </Button>
                </Box>
              )}
            </Section>
          </Stack>
          <Stack sx={{ flex: 1, gap: 2, minWidth: 0 }}>
            <RecentList
              title="RECENT GROUPS"
              label="Recent groups"
              empty="No groups yet."
              isEmpty={groups.isSuccess && groupRows.length === 0}
              links={groupRows.map((g) => ({
                key: g.groupId,
                to: ROUTES.groupLeads.replace(':group_id', String(g.groupId)),
                name: g.name,
              }))}
            />
            <RecentList
              title="RECENT OPPORTUNITIES"
              label="Recent opportunities"
              empty="No opportunities yet."
              isEmpty={opportunities.isSuccess && opportunityRows.length === 0}
              links={opportunityRows.map((o) => ({
                key: o.opportunityId,
                to: ROUTES.opportunityInformation.replace(':opportunity_id', String(o.opportunityId)),
                name: o.name,
              }))}
            />
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
