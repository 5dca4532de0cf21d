import {
  type Lead,
  OPPORTUNITY_MESSAGES,
  type Opportunity,
  type OpportunityFormInput,
  PAGE_SIZE,
  ROUTES,
  routePath,
  toAddressInput,
} from '@leadcircle/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteOpportunityMutation, useGetLeadForOpportunityQuery, useListOpportunitiesQuery } from '../api';
import { OpportunityDialog } from '../components/opportunity-dialog';

const columns: PagedTableColumn<Opportunity>[] = [
  { header: 'Opportunity Name', cell: (o) => o.name },
  { header: 'Owner', cell: (o) => o.createdByName },
  // Left out on a phone, as the lead list's notes are: the row opens the whole of it.
  { header: 'Description', cell: (o) => o.notes, hideOnPhone: true },
  { header: 'Shared With', cell: (o) => o.sharedCount },
];

// The name an opportunity made from a lead starts with (at least 5 characters once trimmed).
function valuesFromLead(lead: Lead): OpportunityFormInput {
  return { name: `${lead.company} - ${lead.fullName}`, notes: lead.notes ?? '', address: toAddressInput(lead.address) };
}

/**
 * The opportunity list: 50 a page from the server, CREATE OPPORTUNITY; row click opens
 * its information; edit and remove for its owner. `?lead_id=` opens the dialog prefilled from a lead.
 */
export function OpportunitiesPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [query, setQuery] = useSearchParams();
  const leadId = Number(query.get('lead_id')) || 0;
  const lead = useGetLeadForOpportunityQuery(leadId, { skip: leadId === 0 });
  const [page, setPage] = useState(0);
  const list = useListOpportunitiesQuery(
    { sort: 'CREATED', data: 1, start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  // `?new=1` (NEW OPPORTUNITY on the home screen) opens the dialog.
  const [isCreating, setIsCreating] = useState(() => query.get('new') === '1');
  const [editing, setEditing] = useState<Opportunity | null>(null);
  const [removing, setRemoving] = useState<Opportunity | null>(null);
  const [deleteOpportunity, deleteState] = useDeleteOpportunityMutation();

  const closeFromLead = () => setQuery({}, { replace: true });
  const created = () => {
    setIsCreating(false);
    closeFromLead();
    notify.success(OPPORTUNITY_MESSAGES.created);
  };
  const remove = async () => {
    if (!removing) return;
    try {
      await deleteOpportunity({ opportunity_id: removing.opportunityId }).unwrap();
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error, OPPORTUNITY_MESSAGES.deleteFailed));
    }
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography component="h1" variant="h4">
          Opportunities
        </Typography>
        <Button variant="contained" onClick={() => setIsCreating(true)}>
          CREATE OPPORTUNITY
        </Button>
      </Stack>
      <PagedTable
        label="Opportunities"
        columns={columns}
        rows={list.data?.opportunities ?? []}
        rowKey={(o) => o.opportunityId}
        onOpenRow={(o) => navigate(routePath(ROUTES.opportunityInformation, { opportunity_id: o.opportunityId }))}
        actions={(o) =>
          o.isOwner && (
            <>
              <Tooltip title="Edit">
                <IconButton aria-label={`Edit ${o.name}`} onClick={() => setEditing(o)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title="Remove">
                <IconButton aria-label={`Remove ${o.name}`} onClick={() => setRemoving(o)}>
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </>
          )
        }
        isLoading={list.isLoading}
        errorText={list.isError ? errorMessage(list.error, OPPORTUNITY_MESSAGES.listFailed) : undefined}
        emptyText="You have no opportunities yet: create one, or open a lead and choose CREATE OPPORTUNITY."
        totalCount={list.data?.totalCount ?? 0}
        page={page}
        onPageChange={setPage}
      />
      {isCreating && <OpportunityDialog onClose={() => setIsCreating(false)} onSuccess={created} />}
      {leadId !== 0 && lead.data && (
        <OpportunityDialog
          fromLead={{ leadId, values: valuesFromLead(lead.data) }}
          onClose={closeFromLead}
          onSuccess={created}
        />
      )}
      {editing && (
        <OpportunityDialog opportunity={editing} onClose={() => setEditing(null)} onSuccess={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.name ?? 'opportunity'}?`}
        warning="This operation cannot be undone: its contacts and messages are deleted with it."
        confirmLabel="DELETE"
        isDestructive
        isBusy={deleteState.isLoading}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
