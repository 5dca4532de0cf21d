import { GRID_ROW_HEIGHT, GROUP_MESSAGES, type GroupSummary, type GroupUser, PAGE_SIZE } from '@leadcircle/shared';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';
import { useOutletContext } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { TableLoadingRow, TableMessageRow } from '../../../components/table-message-row';
import { useNotify } from '../../../components/use-notify';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/api-error';
import { useGetCurrentUserQuery } from '../../users/api';
import { useListGroupUsersQuery, useRemoveFromGroupMutation } from '../api';
import { InviteUserDialog } from '../components/invite-user-dialog';

const columns = ['User Name', 'Rating', 'Title', 'Products Offered', 'Actions'] as const;
// Spec 001 §8 names no fallback for removing a member.
const removeUserFailed = 'Remove user from group failed.';

/** The group's Users tab (spec 001 §2): members 50 a page; the creator removes members. */
export function GroupUsersPage() {
  const group = useOutletContext<GroupSummary>();
  const notify = useNotify();
  const { data: me } = useGetCurrentUserQuery();
  const [page, setPage] = useState(0);
  const users = useListGroupUsersQuery(
    { group_id: group.groupId, start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const [isInviting, setIsInviting] = useState(false);
  const [removing, setRemoving] = useState<GroupUser | null>(null);
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

  const rows = users.data?.users ?? [];
  const rowSx = { height: GRID_ROW_HEIGHT };
  let body: ReactNode;
  if (users.isLoading) {
    body = <TableLoadingRow colSpan={columns.length} />;
  } else if (users.isError) {
    body = (
      <TableMessageRow colSpan={columns.length}>
        {errorMessage(users.error, 'The members could not be loaded.')}
      </TableMessageRow>
    );
  } else {
    body = rows.map((user) => (
      <TableRow key={user.userId} sx={rowSx}>
        <TableCell>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
            <UserAvatar firstName={user.fullName} lastName="" src={user.avatarUrl} size={36} />
            {user.fullName}
          </Stack>
        </TableCell>
        <TableCell>{user.rating ?? '—'}</TableCell>
        <TableCell>{user.title ?? ''}</TableCell>
        <TableCell>{user.product ?? ''}</TableCell>
        <TableCell padding="checkbox">
          {/* Only the creator removes members (spec 001 §6); the creator leaves by deleting. */}
          {group.isOwner && user.userId !== me?.userId && (
            <Tooltip title="Remove user">
              <IconButton aria-label={`Remove ${user.fullName}`} onClick={() => setRemoving(user)}>
                <PersonRemoveIcon />
              </IconButton>
            </Tooltip>
          )}
        </TableCell>
      </TableRow>
    ));
  }

  // The caller is always a member: the list is "empty" when nobody else is in it yet.
  const isAlone = users.isSuccess && (users.data.totalCount ?? rows.length) <= 1;
  const invite = () => setIsInviting(true);

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={invite}>
          INVITE USER
        </Button>
      </Stack>
      <Paper>
        <TableContainer>
          <Table aria-label="Group users">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column}>{column === 'Actions' ? '' : column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{body}</TableBody>
          </Table>
        </TableContainer>
        {(users.data?.totalCount ?? 0) > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={users.data?.totalCount ?? 0}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
          />
        )}
      </Paper>
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
