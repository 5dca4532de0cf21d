import { type GroupSummary, MESSAGES, PAGE_SIZE } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useGetGroupNotificationsQuery, useListGroupsQuery, useUpdateGroupNotificationsMutation } from '../api';

/** The person's groups, each with its Messages switch (the same setting as the group's settings). */
export function GroupMessagesSwitches() {
  const [pages, setPages] = useState(1);
  const first = useListGroupsQuery({ start_position: 0, get_next: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  if (first.isLoading) return <PageSpinner />;
  if (first.isError) {
    return <Typography color="error">{errorMessage(first.error, 'The groups could not be loaded.')}</Typography>;
  }
  const totalCount = first.data?.totalCount ?? 0;
  if (totalCount === 0) {
    return (
      <EmptyState
        title="You are not in any group yet"
        text="Each group you create or join will appear here with its own Messages switch."
      />
    );
  }
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {/* Page 0 is the list above; later pages load as the person asks for them (50 a page). */}
        {Array.from({ length: pages }, (_, page) => page).map((page) => (
          <GroupPage key={`page-${page}`} page={page} firstPage={page === 0 ? first.data?.groups : undefined} />
        ))}
      </List>
      {pages * PAGE_SIZE < totalCount && (
        <Button sx={{ m: 1 }} onClick={() => setPages(pages + 1)}>
          Show more groups
        </Button>
      )}
    </Paper>
  );
}

function GroupPage({ page, firstPage }: { page: number; firstPage?: readonly GroupSummary[] }) {
  const later = useListGroupsQuery(
    { start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { skip: firstPage !== undefined },
  );
  const groups = firstPage ?? later.data?.groups ?? [];
  return (
    <>
      {groups.map((group) => (
        <GroupMessagesSwitch key={group.groupId} group={group} />
      ))}
    </>
  );
}

function GroupMessagesSwitch({ group }: { group: GroupSummary }) {
  const notify = useNotify();
  const setting = useGetGroupNotificationsQuery({ group_id: group.groupId }, { refetchOnMountOrArgChange: true });
  const [update, updateState] = useUpdateGroupNotificationsMutation();
  // The switch turns at once; it turns back if the change cannot be saved.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const toggle = async (enableEmail: boolean) => {
    setChosen(enableEmail);
    try {
      await update({ group_id: group.groupId, enableEmail }).unwrap();
      notify.success(MESSAGES.notificationsUpdated);
    } catch (error) {
      setChosen(null);
      notify.error(errorMessage(error, MESSAGES.notificationsUpdateFailed));
    }
  };
  return (
    <ListItem
      divider
      secondaryAction={
        <Switch
          edge="end"
          checked={chosen ?? setting.data?.enableEmail ?? false}
          disabled={!setting.data || updateState.isLoading}
          onChange={(event) => void toggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Messages in ${group.name}` } }}
        />
      }
    >
      <ListItemText
        primary={group.name}
        secondary="Messages"
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        sx={{ pr: 4 }}
      />
    </ListItem>
  );
}
