import { OPPORTUNITY_MESSAGES, type OpportunityContact, PAGE_SIZE, ROUTES, routePath } from '@leadcircle/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteContactMutation, useListContactsQuery } from '../api';
import { ContactDialog } from '../components/contact-dialog';
import { useOpportunity } from './opportunity-layout';

const columns: PagedTableColumn<OpportunityContact>[] = [
  { header: 'Contact Name', cell: (c) => c.fullName },
  { header: 'Company', cell: (c) => c.company },
  // Left out on a phone, as in the lead list: the row opens the whole contact.
  { header: 'Title', cell: (c) => c.title, hideOnPhone: true },
  { header: 'Notes', cell: (c) => c.notes, hideOnPhone: true },
];

/**
 * The Contacts tab: CREATE CONTACT and the empty state with ADD CONTACT for the owner (a member it is
 * shared with reads who adds them);
 * row click opens the contact; edit and remove for the owner; 50 a page from the server.
 */
export function OpportunityContactsPage() {
  const opportunity = useOpportunity();
  const opportunityId = opportunity.opportunityId;
  const navigate = useNavigate();
  const notify = useNotify();
  const [page, setPage] = useState(0);
  const contacts = useListContactsQuery(
    { opportunity_id: opportunityId, start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<OpportunityContact | null>(null);
  const [removing, setRemoving] = useState<OpportunityContact | null>(null);
  const [deleteContact, deleteState] = useDeleteContactMutation();
  const isEmpty = contacts.isSuccess && contacts.data.totalCount === 0;

  const remove = async () => {
    if (!removing) return;
    try {
      await deleteContact({ contact_id: removing.contactId, opportunity_id: opportunityId }).unwrap();
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error, OPPORTUNITY_MESSAGES.contactDeleteFailed));
    }
  };

  return (
    <Box>
      {opportunity.isOwner && !isEmpty && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" onClick={() => setIsCreating(true)}>
            CREATE CONTACT
          </Button>
        </Stack>
      )}
      {isEmpty ? (
        <EmptyState
          title={
            opportunity.isOwner
              ? OPPORTUNITY_MESSAGES.contactsEmpty
              : OPPORTUNITY_MESSAGES.contactsEmptyShared(opportunity.createdByName)
          }
          action={
            opportunity.isOwner && (
              <Button variant="contained" onClick={() => setIsCreating(true)}>
                ADD CONTACT
              </Button>
            )
          }
        />
      ) : (
        <PagedTable
          label="Contacts"
          columns={columns}
          rows={contacts.data?.contacts ?? []}
          rowKey={(c) => c.contactId}
          onOpenRow={(c) =>
            navigate(routePath(ROUTES.opportunityContact, { opportunity_id: opportunityId, contact_id: c.contactId }))
          }
          actions={
            opportunity.isOwner
              ? (c) => (
                  <>
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit ${c.fullName}`} onClick={() => setEditing(c)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Remove">
                      <IconButton aria-label={`Remove ${c.fullName}`} onClick={() => setRemoving(c)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                )
              : undefined
          }
          isLoading={contacts.isLoading}
          errorText={contacts.isError ? errorMessage(contacts.error, 'The contacts could not be loaded.') : undefined}
          totalCount={contacts.data?.totalCount ?? 0}
          page={page}
          onPageChange={setPage}
        />
      )}
      {isCreating && (
        <ContactDialog
          opportunityId={opportunityId}
          onClose={() => setIsCreating(false)}
          onSuccess={() => setIsCreating(false)}
        />
      )}
      {editing && (
        <ContactDialog
          opportunityId={opportunityId}
          contact={editing}
          onClose={() => setEditing(null)}
          onSuccess={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.fullName ?? 'contact'}?`}
        warning="This operation cannot be undone: the contact's comments are deleted with it."
        confirmLabel="REMOVE"
        isDestructive
        isBusy={deleteState.isLoading}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
