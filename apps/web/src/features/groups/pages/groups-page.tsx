import { GROUP_MESSAGES, type GroupSummary, PAGE_SIZE, ROUTES, routePath } from '@leadcircle/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useNotify } from '../../../components/use-notify';
import { useAppDispatch } from '../../../core/hooks';
import { modalOpened } from '../../../core/modals-slice';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteGroupMutation, useListGroupsQuery } from '../api';

// The edit dialog loads when it first opens: the group list shows without it.
const GroupDialog = lazy(() => import('../components/group-dialog').then((m) => ({ default: m.GroupDialog })));

const columns: PagedTableColumn<GroupSummary>[] = [
  { header: 'Group Name', cell: (group) => group.name },
  { header: 'Owner', cell: (group) => group.ownerName, hideOnPhone: true },
  { header: 'Description', cell: (group) => group.description, hideOnPhone: true },
  { header: 'Leads', cell: (group) => group.leadsCount, hideOnPhone: true },
  { header: 'Users', cell: (group) => group.usersCount },
];

/** The group list: 50 a page from the server; row click opens the group's leads. */
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

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
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
      <PagedTable
        label="Groups"
        columns={columns}
        rows={groups.data?.groups ?? []}
        rowKey={(group) => group.groupId}
        onOpenRow={(group) => navigate(routePath(ROUTES.groupLeads, { group_id: group.groupId }))}
        actions={(group) =>
          // Only the creator edits and removes a group.
          group.isOwner && (
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
          )
        }
        isLoading={groups.isLoading}
        errorText={groups.isError ? errorMessage(groups.error, 'The groups could not be loaded.') : undefined}
        emptyText="You are not in any group yet: create one, or join one with its name and password."
        totalCount={groups.data?.totalCount ?? 0}
        page={page}
        onPageChange={setPage}
      />
      {editing && (
        <Suspense fallback={null}>
          <GroupDialog
            group={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
            }}
          />
        </Suspense>
      )}
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
