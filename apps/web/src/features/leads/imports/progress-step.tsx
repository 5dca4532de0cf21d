import type { LeadImport } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useOnReconnect, useRealtimeEvent } from '../../../core/realtime/realtime';
import { useGetLeadImportQuery } from './api';
import { counted, IMPORT_MESSAGES, newerImport, percentDone, progressText } from './import-text';

interface ProgressStepProps {
  started: LeadImport;
  /** The lead list's address. */
  leadsPath: string;
  /** Closes the dialog onto the lead list. */
  onSeeLeads: () => void;
}

/** Step 4: the import runs on the server; its progress comes over the socket (and is asked for when it shows and after a reconnect). */
export function ProgressStep({ started, leadsPath, onSeeLeads }: ProgressStepProps) {
  const [current, setCurrent] = useState(started);
  useRealtimeEvent('lead:import_progress', (event) => setCurrent((shown) => newerImport(shown, event.import)));
  // Socket.IO delivers at most once: the state as it is now is asked for when this step shows (a small import
  // can end before the step listens) and again after a reconnect.
  const asked = useGetLeadImportQuery(started.importId, { refetchOnMountOrArgChange: true });
  useOnReconnect(() => void asked.refetch());
  const answer = asked.data;
  useEffect(() => {
    if (answer) setCurrent((shown) => newerImport(shown, answer));
  }, [answer]);
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
