import { type GroupSummary, PAGE_SIZE } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { MessagesSwitchItem } from '../../../components/messages-switch-item';
import { PageSpinner } from '../../../components/page-spinner';
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
  const setting = useGetGroupNotificationsQuery({ group_id: group.groupId }, { refetchOnMountOrArgChange: true });
  const [update, updateState] = useUpdateGroupNotificationsMutation();
  return (
    <MessagesSwitchItem
      name={group.name}
      checked={setting.data?.enableEmail}
      saving={updateState.isLoading}
      save={(enableEmail) => update({ group_id: group.groupId, enableEmail }).unwrap()}
    />
  );
}
