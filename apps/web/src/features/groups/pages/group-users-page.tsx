import { GROUP_MESSAGES, type GroupSummary, type GroupUser, PAGE_SIZE } from '@leadcircle/shared';
import BadgeIcon from '@mui/icons-material/Badge';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useNotify } from '../../../components/use-notify';
import { UserAvatar } from '../../../components/user-avatar';
import { useGetCurrentUserQuery } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';
import { useListGroupUsersQuery, useRemoveFromGroupMutation } from '../api';
import { InviteUserDialog } from '../components/invite-user-dialog';
import { MemberCardDialog } from '../components/member-card-dialog';
import { MemberRating } from '../components/member-rating';

// On a phone the rating, said in words, goes under the name: a column of its own would squeeze the name.
const columnsFor = (isPhone: boolean): PagedTableColumn<GroupUser>[] => [
  {
    header: 'User Name',
    cell: (user) => (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
        <UserAvatar firstName={user.fullName} lastName="" src={user.avatarUrl} size={36} />
        {isPhone ? (
          <Box sx={{ minWidth: 0 }}>
            {user.fullName}
            <Typography variant="body2" color="text.secondary" component="div">
              <MemberRating rating={user.rating} parts={user.ratingParts} />
            </Typography>
          </Box>
        ) : (
          user.fullName
        )}
      </Stack>
    ),
  },
  {
    header: 'Rating',
    cell: (user) => <MemberRating rating={user.rating} parts={user.ratingParts} />,
    hideOnPhone: true,
  },
  { header: 'Title', cell: (user) => user.title ?? '', hideOnPhone: true },
  { header: 'Products Offered', cell: (user) => user.product ?? '', hideOnPhone: true },
];
const phoneColumns = columnsFor(true);
const wideColumns = columnsFor(false);
// Names no fallback for removing a member.
const removeUserFailed = 'Remove user from group failed.';

/** The group's Users tab: members 50 a page, each with their profile card; the creator removes members. */
export function GroupUsersPage() {
  const group = useOutletContext<GroupSummary>();
  const notify = useNotify();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data: me } = useGetCurrentUserQuery();
  const [page, setPage] = useState(0);
  const users = useListGroupUsersQuery(
    { group_id: group.groupId, start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const [isInviting, setIsInviting] = useState(false);
  const [removing, setRemoving] = useState<GroupUser | null>(null);
  const [profile, setProfile] = useState<GroupUser | null>(null);
  const [removeFromGroup, removeState] = useRemoveFromGroupMutation();

  const remove = async () => {
    if (!removing) return;
    try {
      await removeFromGroup({ group_id: group.groupId, user_id: removing.userId }).unwrap();
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error, removeUserFailed));
    }
  };

  // The caller is always a member: the list is "empty" when nobody else is in it yet.
  const isAlone = users.isSuccess && (users.data.totalCount ?? users.data.users.length) <= 1;
  const invite = () => setIsInviting(true);

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={invite}>
          INVITE USER
        </Button>
      </Stack>
      <PagedTable
        label="Group users"
        columns={isPhone ? phoneColumns : wideColumns}
        rows={users.data?.users ?? []}
        rowKey={(user) => user.userId}
        actionsWidth={112}
        actions={(user) => (
          <Stack direction="row">
            <Tooltip title="Profile">
              <IconButton aria-label={`Profile of ${user.fullName}`} onClick={() => setProfile(user)}>
                <BadgeIcon />
              </IconButton>
            </Tooltip>
            {/* Only the creator removes members; the creator leaves by deleting. */}
            {group.isOwner && user.userId !== me?.userId && (
              <Tooltip title="Remove user">
                <IconButton aria-label={`Remove ${user.fullName}`} onClick={() => setRemoving(user)}>
                  <PersonRemoveIcon />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        )}
        isLoading={users.isLoading}
        errorText={users.isError ? errorMessage(users.error, 'The members could not be loaded.') : undefined}
        totalCount={users.data?.totalCount ?? 0}
        page={page}
        onPageChange={setPage}
      />
      {isAlone && (
        <EmptyState
          title={GROUP_MESSAGES.usersEmpty}
          action={
            <Button variant="contained" onClick={invite}>
              INVITE USERS
            </Button>
          }
        />
      )}
      <Box>
        {profile && <MemberCardDialog groupId={group.groupId} member={profile} onClose={() => setProfile(null)} />}
        {isInviting && <InviteUserDialog groupId={group.groupId} onClose={() => setIsInviting(false)} />}
        <ConfirmDialog
          open={removing !== null}
          title={`Remove ${removing?.fullName ?? 'user'} from the group?`}
          warning={GROUP_MESSAGES.leaveOrDeleteWarning}
          confirmLabel="REMOVE USER"
          isDestructive
          isBusy={removeState.isLoading}
          onConfirm={() => void remove()}
          onClose={() => setRemoving(null)}
        />
      </Box>
    </Stack>
  );
}
