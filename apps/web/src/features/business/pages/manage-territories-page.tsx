import { ROUTES, type Territory } from '@leadcircle/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageSpinner } from '../../../components/page-spinner';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useNotify } from '../../../components/use-notify';
import { useGetCurrentUserQuery, useGetMyBusinessQuery } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteTerritoryMutation, useListTerritoriesQuery } from '../api';
import { TerritoryDialog } from '../components/territory-dialog';

const columns: PagedTableColumn<Territory>[] = [
  { header: 'Name', cell: (t) => t.name },
  {
    header: 'Area',
    cell: (t) => [...t.states, ...t.zipPrefixes.map((p) => `ZIP ${p}xx`)].join(', '),
  },
  { header: 'Users', cell: (t) => t.users.map((u) => `${u.firstName} ${u.lastName}`).join(', ') || '—' },
];

/** Manage territories (admins): the business's territories, their area and who covers them. */
export function ManageTerritoriesPage() {
  const notify = useNotify();
  const { data: me } = useGetCurrentUserQuery();
  const business = useGetMyBusinessQuery();
  const businessId = business.data?.businessId;
  const isAdmin = me?.role === 'ADMIN';
  const territories = useListTerritoriesQuery(
    { business_id: businessId ?? 0 },
    { skip: businessId === undefined || !isAdmin, refetchOnMountOrArgChange: true },
  );
  const [editing, setEditing] = useState<Territory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Territory | null>(null);
  const [remove, removeState] = useDeleteTerritoryMutation();

  if (business.isSuccess && business.data === null) return <Navigate to={ROUTES.root} replace />;
  if (business.isLoading || !me) return <PageSpinner />;
  if (!isAdmin) return <Navigate to={ROUTES.territory} replace />;

  const confirmDelete = async () => {
    if (!deleting || businessId === undefined) return;
    try {
      await remove({ business_id: businessId, territory_id: deleting.territoryId }).unwrap();
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography component="h1" variant="h4">
          Territories
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          ADD TERRITORY
        </Button>
      </Stack>
      <PagedTable
        label="Territories"
        columns={columns}
        rows={territories.data?.territories ?? []}
        rowKey={(t) => t.territoryId}
        actions={(t) => (
          <>
            <Tooltip title="Edit territory">
              <IconButton aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)}>
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Remove territory">
              <IconButton aria-label={`Remove ${t.name}`} onClick={() => setDeleting(t)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
        isLoading={territories.isLoading}
        errorText={
          territories.isError ? errorMessage(territories.error, 'The territories could not be loaded.') : undefined
        }
        emptyText="No territories yet: add one to give your users their area."
        totalCount={territories.data?.territories.length ?? 0}
        page={0}
        onPageChange={() => {}}
      />
      {editing !== null && businessId !== undefined && (
        <TerritoryDialog
          businessId={businessId}
          territory={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Remove the territory ${deleting?.name ?? ''}?`}
        warning="Its users keep their leads; only the territory goes."
        confirmLabel="REMOVE"
        isDestructive
        isBusy={removeState.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
