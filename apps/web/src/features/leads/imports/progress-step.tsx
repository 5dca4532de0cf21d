import type { LeadImport } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { useGetLeadImportQuery, useLazyGetLeadImportQuery } from './api';
import { counted, IMPORT_MESSAGES, newerImport, percentDone, progressText } from './import-text';

const POLL_MS = 3000;

interface ProgressStepProps {
  started: LeadImport;
  /** The lead list's address. */
  leadsPath: string;
  /** Closes the dialog onto the lead list. */
  onSeeLeads: () => void;
}

/** Step 4: the import runs on the server; its progress comes over the socket (and is asked for after a reconnect). */
export function ProgressStep({ started, leadsPath, onSeeLeads }: ProgressStepProps) {
  const [current, setCurrent] = useState(started);
  const [fetchImport] = useLazyGetLeadImportQuery();
  const take = (next: LeadImport) => setCurrent((shown) => newerImport(shown, next));
  useRealtimeEvent('lead:import_progress', (event) => take(event.import));
  // Events missed while the socket was down: the state as it is now.
  useOnReconnect(() => {
    fetchImport(started.importId)
      .unwrap()
      .then(take)
      .catch(() => {});
  });
  // Socket.IO delivers at most once, and a small import can end before the page hears of it: while it runs,
  // its state is also asked for every few seconds.
  const isRunning = current.status !== 'DONE' && current.status !== 'FAILED' && current.status !== 'UNDONE';
  const polled = useGetLeadImportQuery(started.importId, {
    pollingInterval: isRunning ? POLL_MS : 0,
    skip: !isRunning,
  });
  const polledImport = polled.data;
  useEffect(() => {
    if (polledImport) setCurrent((shown) => newerImport(shown, polledImport));
  }, [polledImport]);
  const shown = current;

  if (shown.status === 'DONE') {
    return (
      <Stack sx={{ gap: 2, alignItems: 'flex-start' }} role="status">
        <Typography variant="h5" component="h2">
          {`${counted(shown.importedCount, 'lead', 'leads')} imported`}
        </Typography>
        {shown.skippedCount > 0 && (
          <Typography color="text.secondary">{`${counted(shown.skippedCount, 'row', 'rows')} skipped (duplicates and rows with errors).`}</Typography>
        )}
        <Button variant="contained" component={Link} to={leadsPath} onClick={onSeeLeads}>
          SEE THE LEADS
        </Button>
      </Stack>
    );
  }
  if (shown.status === 'FAILED') return <Alert severity="error">{IMPORT_MESSAGES.importFailed}</Alert>;
  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="h6" component="h2">
        {`Importing ${shown.fileName}`}
      </Typography>
      <LinearProgress variant="determinate" value={percentDone(shown)} aria-label="Import progress" />
      <Typography aria-live="polite">{progressText(shown)}</Typography>
      <Typography variant="body2" color="text.secondary">
        The import goes on when you close this window or the tab; the lead list shows how far it has come.
      </Typography>
    </Stack>
  );
}
