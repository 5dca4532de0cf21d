import { type LeadImport, PAGE_SIZE } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { useAppDispatch } from '../../../core/hooks';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { errorMessage } from '../../../lib/api-error';
import { dateFormat } from '../../../lib/intl-format';
import { leadImportsApi, useListLeadImportsQuery, useUndoLeadImportMutation } from './api';
import { counted, formatCount, IMPORT_MESSAGES, isRunning, statusLabel, undoneText } from './import-text';

const formatWhen = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const importKey = (leadImport: LeadImport) => leadImport.importId;

/** "1,940 new · 41 skipped · 19 errors": leads created, duplicates skipped, rows with errors. */
export function importCounts(leadImport: LeadImport): string {
  const finished = leadImport.status === 'DONE' || leadImport.status === 'UNDONE' || leadImport.status === 'FAILED';
  const created = finished ? leadImport.importedCount : leadImport.newCount;
  const skipped = finished
    ? Math.max(0, leadImport.skippedCount - leadImport.errorCount)
    : leadImport.duplicates === 'SKIP'
      ? leadImport.duplicateCount
      : 0;
  return `${formatCount(created)} new · ${formatCount(skipped)} skipped · ${counted(leadImport.errorCount, 'error', 'errors')}`;
}

const columns: PagedTableColumn<LeadImport>[] = [
  {
    header: 'File',
    // A long name ends in "…" (words in a table are never broken); the whole name is its title.
    cell: (leadImport) => <span title={leadImport.fileName}>{leadImport.fileName}</span>,
    sx: { maxWidth: 220, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  },
  { header: 'Who', cell: (leadImport) => leadImport.createdByName },
  { header: 'When', cell: (leadImport) => formatWhen(new Date(leadImport.createdAt)) },
  { header: 'New / skipped / errors', cell: importCounts },
  {
    header: 'Status',
    cell: (leadImport) =>
      leadImport.status === 'UNDONE'
        ? `Undone: ${formatCount(leadImport.undoneCount)} removed, ${formatCount(leadImport.keptCount)} kept`
        : statusLabel(leadImport),
  },
];

/** A group's import history, newest first (in its settings), with UNDO IMPORT for its runner or the group's owner. */
export function ImportHistory({ groupId }: { groupId: number }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [page, setPage] = useState(0);
  const imports = useListLeadImportsQuery(
    { group_id: groupId, start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const [undo, undoState] = useUndoLeadImportMutation();
  const [undoing, setUndoing] = useState<LeadImport | null>(null);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  // An import of the group that ends shows its counts and its UNDO IMPORT.
  useRealtimeEvent('lead:import_progress', (event) => {
    if (event.groupId === groupId && !isRunning(event.import)) {
      dispatch(leadImportsApi.util.invalidateTags(['LeadImports']));
    }
  });
  useOnReconnect(() => void imports.refetch());

  const confirmUndo = async () => {
    if (!undoing) return;
    try {
      const answer = await undo(undoing.importId).unwrap();
      setResult({ severity: 'success', text: undoneText(answer.import, answer.kept) });
    } catch (error) {
      setResult({ severity: 'error', text: errorMessage(error, IMPORT_MESSAGES.undoFailed) });
    } finally {
      setUndoing(null);
    }
  };

  const total = imports.currentData?.totalCount ?? 0;
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
      <Stack sx={{ gap: 2 }}>
        <Typography id={titleId} component="h2" variant="h6">
          Import history
        </Typography>
        <div aria-live="polite">{result && <Alert severity={result.severity}>{result.text}</Alert>}</div>
        <PagedTable
          label="Import history"
          columns={columns}
          rows={imports.currentData?.imports ?? []}
          rowKey={importKey}
          actions={(leadImport) =>
            leadImport.canUndo && (
              <Button
                color="error"
                onClick={() => setUndoing(leadImport)}
                aria-label={`Undo import of ${leadImport.fileName}`}
              >
                UNDO IMPORT
              </Button>
            )
          }
          actionsWidth={150}
          isLoading={imports.isLoading}
          errorText={imports.isError ? errorMessage(imports.error, IMPORT_MESSAGES.historyFailed) : undefined}
          emptyText="No imports yet. Import a CSV file of leads from the group's lead list."
          totalCount={total}
          page={page}
          onPageChange={setPage}
        />
      </Stack>
      <ConfirmDialog
        open={undoing !== null}
        title={`Undo the import of ${undoing?.fileName ?? 'the file'}?`}
        warning={IMPORT_MESSAGES.undoWarning}
        confirmLabel="UNDO IMPORT"
        isDestructive
        isBusy={undoState.isLoading}
        onConfirm={() => void confirmUndo()}
        onClose={() => setUndoing(null)}
      />
    </Paper>
  );
}
