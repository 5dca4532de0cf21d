import type { LeadImport } from '@leadcircle/shared';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAppDispatch } from '../../../core/hooks';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { leadImportsApi, useListLeadImportsQuery } from './api';
import { importingText, isRunning, newerImport, percentDone } from './import-text';

// The imports of a group the list looks at for one that runs (newest first: a running one is among them).
const RECENT_IMPORTS = 5;

/**
 * The group's running import (from its history and the progress events), or null; when an import of the
 * group ends, the lead list and the history are asked for again.
 */
export function useRunningImport(groupId: number): LeadImport | null {
  const dispatch = useAppDispatch();
  const imports = useListLeadImportsQuery({ group_id: groupId, start_position: 0, get_next: RECENT_IMPORTS });
  const [latest, setLatest] = useState<LeadImport | null>(null);
  useRealtimeEvent('lead:import_progress', (event) => {
    if (event.groupId !== groupId) return;
    setLatest((shown) => (shown ? newerImport(shown, event.import) : event.import));
    if (!isRunning(event.import)) dispatch(leadImportsApi.util.invalidateTags(['LeadImports', 'Leads']));
  });
  useOnReconnect(() => void imports.refetch());

  const listed = imports.currentData?.imports.find(isRunning) ?? null;
  let running = listed;
  if (latest && (!listed || latest.importId === listed.importId)) {
    running = listed ? newerImport(listed, latest) : latest;
  }
  return running && isRunning(running) ? running : null;
}

/** "Importing 12,000 leads… 45%" above the lead list while an import of the group runs. */
export function ImportStatus({ groupId }: { groupId: number }) {
  const running = useRunningImport(groupId);
  return (
    <div role="status">
      {running && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack sx={{ gap: 1 }}>
            <Typography>{importingText(running)}</Typography>
            <LinearProgress variant="determinate" value={percentDone(running)} aria-label="Import progress" />
          </Stack>
        </Paper>
      )}
    </div>
  );
}
