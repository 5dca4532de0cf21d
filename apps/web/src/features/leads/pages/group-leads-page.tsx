import {
  GROUP_MESSAGES,
  type GroupSummary,
  groupThousands,
  LEAD_EXPORT_PATH,
  LEAD_MESSAGES,
  type Lead,
  leadExportFileName,
  ROUTES,
  routePath,
} from '@leadcircle/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageSpinner } from '../../../components/page-spinner';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { downloadFile } from '../../../lib/download';
import { lazyPreloadable } from '../../../lib/lazy-preloadable';
import { useRouteId } from '../../../lib/route-id';
import { useDeleteLeadMutation, useListLeadSubmittersQuery, useListLeadsQuery } from '../api';
import { stepTitle } from '../components/outcome-timeline';
import {
  isNarrowed,
  type LeadListQuery,
  leadExportParams,
  leadListArgs,
  leadListParams,
  readLeadListQuery,
} from '../lead-list-query';

// The lead dialog (its form, the address lookup, the duplicate check) loads when it first opens: the list
// is often the first page, and it shows without it.
const LeadDialog = lazy(() => import('../components/lead-dialog').then((m) => ({ default: m.LeadDialog })));
// The import dialog, likewise, when IMPORT is first pressed; a running import's progress after the list (the
// import contract holds zod schemas, kept out of the first load).
const ImportDialog = lazy(() => import('../imports/import-dialog').then((m) => ({ default: m.ImportDialog })));
// The search, chips and sort: a chunk of their own (they keep the first load within its budget), asked for as
// the list's data is (preloadLeadListToolbar), so they usually come with the first render instead of after it.
const LeadListToolbar = lazyPreloadable(() => import('../components/lead-list-toolbar').then((m) => m.LeadListToolbar));
/** Starts loading the lead list's toolbar; a first page does not wait for it. */
export const preloadLeadListToolbar = () => LeadListToolbar.preload();
const ImportStatus = lazy(() => import('../imports/import-status').then((m) => ({ default: m.ImportStatus })));

const leadKey = (lead: Lead) => lead.leadId;
const duplicateLabel = 'Possible duplicate of an earlier lead';
// Said both above the grid (live) and in it.
const NO_MATCH = 'No lead matches the search and filters.';

const columns: PagedTableColumn<Lead>[] = [
  {
    header: 'Lead Name',
    cell: (lead) =>
      lead.duplicateOfLeadId === null ? (
        lead.fullName
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          {lead.fullName}
          <Tooltip title={duplicateLabel}>
            <ContentCopyIcon
              fontSize="small"
              color="warning"
              role="img"
              aria-label={duplicateLabel}
              aria-hidden={false}
            />
          </Tooltip>
        </Stack>
      ),
  },
  {
    header: 'Rating',
    // The stars never spill into the next column.
    sx: { overflow: 'hidden' },
    cell: (lead) =>
      lead.rating.rating === null ? (
        '—'
      ) : (
        <Rating
          value={lead.rating.rating}
          precision={0.5}
          readOnly
          size="small"
          aria-label={`Rating ${lead.rating.rating}`}
        />
      ),
  },
  { header: 'Title', cell: (lead) => lead.title, hideOnPhone: true },
  { header: 'Company', cell: (lead) => lead.company, hideOnPhone: true },
  {
    header: 'Notes',
    hideOnPhone: true,
    cell: (lead) => lead.notes ?? '',
    sx: { maxWidth: 280, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  },
  // What became of it: the latest step ('Won: $12,000.00'), after the spec's columns.
  { header: 'Outcome', cell: (lead) => (lead.outcome ? stepTitle(lead.outcome) : ''), hideOnPhone: true },
];
const deleteWarning = 'This operation cannot be undone: the lead, its ratings and its comments are removed.';

// A page answered less than this ago is shown as it is when the list shows again; an older one is asked
// for again. So the first page, loaded with the page's files (main.tsx), is not asked for twice.
const LEADS_PAGE_FRESH_SECONDS = 5;

// The dialog is closed, adding, or editing one lead.
type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; lead: Lead };

/**
 * The group's Leads tab: CREATE LEAD, IMPORT (a CSV file), EXPORT TO CSV (what the list shows), "Search
 * leads", the filter chips and the sort, kept in the address; a running import's progress; the leads 50 a page
 * (most recently active first unless sorted), a row opens the lead; its owner edits and removes it. The list
 * refreshes 500 ms after a create, edit or delete.
 */
export function GroupLeadsPage() {
  // The group's id comes from the address: the list shows before the group has come (group-layout.tsx).
  const groupId = useRouteId('group_id');
  const group = useOutletContext<GroupSummary | undefined>();
  const navigate = useNavigate();
  const notify = useNotify();
  // The search, filters and sort live in the address: a reload, a shared link or Back shows the same list.
  const [params, setParams] = useSearchParams();
  const paramsText = params.toString();
  const query = useMemo(() => readLeadListQuery(new URLSearchParams(paramsText)), [paramsText]);
  const listKey = leadListParams(query).toString();
  const show = useCallback(
    (next: LeadListQuery, replace = false) => setParams(leadListParams(next), { replace }),
    [setParams],
  );
  // Typing replaces the address (one history entry per list, not per letter); a chip or the sort adds one.
  const onSearch = useCallback((search: string) => show({ ...query, search }, true), [show, query]);
  // One page on or back goes by the answer's cursor (the same cost at any depth); a jump, or the
  // first page, by start_position. Another search, filter or sort starts at the first page.
  const [position, setPosition] = useState<{ list: string; page: number; cursor?: string }>({
    list: listKey,
    page: 0,
  });
  const current = position.list === listKey ? position : { list: listKey, page: 0 };
  const page = current.page;
  const leads = useListLeadsQuery(leadListArgs(groupId, query, page, current.cursor), {
    refetchOnMountOrArgChange: LEADS_PAGE_FRESH_SECONDS,
  });
  // The members load for Submitted by: when its menu opens, or the address names one.
  const [isMembersWanted, setIsMembersWanted] = useState(false);
  const members = useListLeadSubmittersQuery(groupId, {
    skip: !isMembersWanted && query.filters.submitted_by === undefined,
  });
  const setPage = (next: number) => {
    const shown = leads.currentData;
    let cursor: string | undefined;
    if (next > 0 && shown && next === page + 1) cursor = shown.nextCursor ?? undefined;
    if (next > 0 && shown && next === page - 1) cursor = shown.previousCursor ?? undefined;
    setPosition({ list: listKey, page: next, cursor });
  };
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [removing, setRemoving] = useState<Lead | null>(null);
  const [deleteLead, deleteState] = useDeleteLeadMutation();
  const [isExporting, setIsExporting] = useState(false);
  const [isImporting, setIsImporting] = useState(false);

  // Stable, so the table's rows render again only when the leads change.
  const openLead = useCallback(
    (lead: Lead) => navigate(routePath(ROUTES.groupLead, { group_id: groupId, lead_id: lead.leadId })),
    [navigate, groupId],
  );
  const leadActions = useCallback(
    (lead: Lead) =>
      // Only the member who submitted a lead edits or removes it.
      lead.isOwner && (
        <Stack direction="row">
          <Tooltip title="Edit lead">
            <IconButton aria-label={`Edit ${lead.fullName}`} onClick={() => setDialog({ mode: 'edit', lead })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Remove lead">
            <IconButton aria-label={`Remove ${lead.fullName}`} onClick={() => setRemoving(lead)}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    [],
  );

  const remove = async () => {
    if (!removing) return;
    try {
      await deleteLead(removing.leadId).unwrap();
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error, LEAD_MESSAGES.deleteFailed));
    }
  };

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadFile(
        `/api${LEAD_EXPORT_PATH}?${leadExportParams(groupId, query)}`,
        leadExportFileName(group?.name ?? 'group'),
      );
    } catch {
      notify.error(LEAD_MESSAGES.exportFailed);
    } finally {
      setIsExporting(false);
    }
  };

  const total = leads.data?.totalCount ?? 0;
  const add = () => setDialog({ mode: 'add' });

  const narrowed = isNarrowed(query);
  // The group has no lead at all (a search or filter that finds none shows the grid's own empty text).
  const isEmpty = leads.isSuccess && total === 0 && !narrowed;
  const isCapped = leads.data?.totalCountCapped === true;
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          onClick={() => void exportCsv()}
          loading={isExporting}
          disabled={isEmpty}
        >
          EXPORT TO CSV
        </Button>
        {/* A member's, once the group has come (a non-member is refused it). */}
        {group && (
          <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={() => setIsImporting(true)}>
            IMPORT
          </Button>
        )}
        <Button variant="contained" onClick={add}>
          CREATE LEAD
        </Button>
      </Stack>
      {group && (
        <Suspense fallback={null}>
          <ImportStatus groupId={groupId} />
        </Suspense>
      )}
      {/* The toolbar and the list appear together: a list drawn before the toolbar's code came was pushed down by
          it (a layout shift on every visit). */}
      <Suspense fallback={<PageSpinner />}>
        {(!isEmpty || narrowed) && (
          <LeadListToolbar
            query={query}
            members={members.data?.users ?? []}
            onMembersWanted={() => setIsMembersWanted(true)}
            onSearch={onSearch}
            onFilters={(filters) => show({ ...query, filters })}
            onSort={(sort) => show({ ...query, sort })}
            onClear={() => show({ search: '', filters: {}, sort: query.sort })}
          />
        )}
        {narrowed && leads.isSuccess && (
          <Typography variant="body2" role="status" aria-live="polite">
            {total === 0
              ? NO_MATCH
              : `${groupThousands(total)}${isCapped ? '+' : ''} ${total === 1 && !isCapped ? 'lead matches' : 'leads match'}`}
          </Typography>
        )}
        {isEmpty ? (
          <EmptyState
            title={GROUP_MESSAGES.listEmpty}
            text={GROUP_MESSAGES.leadsEmpty}
            action={
              <Button variant="contained" onClick={add}>
                ADD LEAD
              </Button>
            }
          />
        ) : (
          <PagedTable
            label="Group leads"
            layout="fixed"
            columns={columns}
            rows={leads.data?.leads ?? []}
            emptyText={NO_MATCH}
            rowKey={leadKey}
            onOpenRow={openLead}
            actionsWidth={112}
            actions={leadActions}
            isLoading={leads.isLoading}
            errorText={leads.isError ? errorMessage(leads.error, LEAD_MESSAGES.listFailed) : undefined}
            totalCount={total}
            isCountCapped={isCapped}
            page={page}
            onPageChange={setPage}
          />
        )}
      </Suspense>
      {dialog.mode !== 'closed' && (
        <Suspense fallback={null}>
          <LeadDialog
            groupId={groupId}
            lead={dialog.mode === 'edit' ? dialog.lead : undefined}
            onClose={() => setDialog({ mode: 'closed' })}
            onSuccess={() => {
              setDialog({ mode: 'closed' });
            }}
          />
        </Suspense>
      )}
      {isImporting && (
        <Suspense fallback={null}>
          <ImportDialog groupId={groupId} onClose={() => setIsImporting(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.fullName ?? 'lead'}?`}
        warning={deleteWarning}
        confirmLabel="REMOVE LEAD"
        isDestructive
        isBusy={deleteState.isLoading}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
