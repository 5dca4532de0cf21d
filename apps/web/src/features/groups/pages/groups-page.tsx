import { GRID_ROW_HEIGHT, GROUP_MESSAGES, type GroupSummary, PAGE_SIZE, ROUTES, routePath } from '@leadcircle/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
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
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { modalOpened } from '../../../app/modals/modals-slice';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TableLoadingRow, TableMessageRow } from '../../../components/table-message-row';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteGroupMutation, useListGroupsQuery } from '../api';
import { GroupDialog } from '../components/group-dialog';

const columns = ['Group Name', 'Owner', 'Description', 'Leads', 'Users', 'Actions'] as const;

/** The group list (spec 001 §2): 50 a page from the server; row click opens the group's leads. */
export function GroupsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const [page, setPage] = useState(0);
  const groups = useListGroupsQuery(
    { start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const [editing, setEditing] = useState<GroupSummary | null>(null);
  const [removing, setRemoving] = useState<GroupSummary | null>(null);
  const [deleteGroup, deleteState] = useDeleteGroupMutation();

  const remove = async () => {
    if (!removing) return;
    try {
      await deleteGroup({ group_id: removing.groupId }).unwrap();
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error, GROUP_MESSAGES.removeFailed));
    }
  };

  const rows = groups.data?.groups ?? [];
  const rowSx = { height: GRID_ROW_HEIGHT };
  let body: ReactNode;
  if (groups.isLoading) {
    body = <TableLoadingRow colSpan={columns.length} />;
  } else if (groups.isError) {
    body = (
      <TableMessageRow colSpan={columns.length}>
        {errorMessage(groups.error, 'The groups could not be loaded.')}
      </TableMessageRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableMessageRow colSpan={columns.length}>
        You are not in any group yet: create one, or join one with its name and password.
      </TableMessageRow>
    );
  } else {
    body = rows.map((group) => (
      <TableRow
        key={group.groupId}
        hover
        sx={{ ...rowSx, cursor: 'pointer' }}
        onClick={() => navigate(routePath(ROUTES.groupLeads, { group_id: group.groupId }))}
      >
        <TableCell>{group.name}</TableCell>
        <TableCell>{group.ownerName}</TableCell>
        <TableCell>{group.description}</TableCell>
        <TableCell>{group.leadsCount}</TableCell>
        <TableCell>{group.usersCount}</TableCell>
        <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
          {/* Only the creator edits and removes a group (spec 001 §6). */}
          {group.isOwner && (
            <>
              <Tooltip title="Edit">
                <IconButton aria-label={`Edit ${group.name}`} onClick={() => setEditing(group)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title="Remove">
                <IconButton aria-label={`Remove ${group.name}`} onClick={() => setRemoving(group)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </>
          )}
        </TableCell>
      </TableRow>
    ));
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography component="h1" variant="h4">
          Groups
        </Typography>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button variant="outlined" onClick={() => dispatch(modalOpened('joinGroup'))}>
            JOIN GROUP
          </Button>
          <Button variant="contained" onClick={() => dispatch(modalOpened('createGroup'))}>
            CREATE GROUP
          </Button>
        </Stack>
      </Stack>
      <Paper>
        <TableContainer>
          <Table aria-label="Groups">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column}>
                    {column === 'Actions' ? (
                      <Box component="span" sx={visuallyHidden}>
                        {column}
                      </Box>
                    ) : (
                      column
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{body}</TableBody>
          </Table>
        </TableContainer>
        {(groups.data?.totalCount ?? 0) > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={groups.data?.totalCount ?? 0}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
          />
        )}
      </Paper>
      {editing && <GroupDialog group={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.name ?? 'group'}?`}
        warning={GROUP_MESSAGES.leaveOrDeleteWarning}
        confirmLabel="DELETE GROUP"
        isDestructive
        isBusy={deleteState.isLoading}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;
