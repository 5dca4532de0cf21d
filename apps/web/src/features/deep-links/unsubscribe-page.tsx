import { ROUTES, UNSUBSCRIBE_PATH } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CenteredLayout } from '../../components/centered-layout';

type Outcome = { state: 'working' } | { state: 'done' | 'failed'; message: string };

const FAILED = 'The link could not be used. Please try again, or change your choices in My settings → Notifications.';

/** Posts the link's token once (a prefetching mail scanner does not run it) and says what changed. */
async function unsubscribe(token: string): Promise<Outcome> {
  try {
    const response = await fetch(`/api${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, { method: 'POST' });
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    return { state: response.ok ? 'done' : 'failed', message: body.message ?? FAILED };
  } catch {
    return { state: 'failed', message: FAILED };
  }
}

/** A notification e-mail's one-click unsubscribe link: works signed in or out. */
export function UnsubscribePage() {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void unsubscribe(token).then(setOutcome);
  }, [token]);

  return (
    <CenteredLayout title="Unsubscribe">
      {outcome.state === 'working' ? (
        <Stack sx={{ py: 2, alignItems: 'center' }}>
          <CircularProgress aria-label="Unsubscribing" />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Alert severity={outcome.state === 'done' ? 'success' : 'warning'}>{outcome.message}</Alert>
          <Button component={RouterLink} to={ROUTES.myNotifications} variant="contained">
            Notification settings
          </Button>
        </Stack>
      )}
    </CenteredLayout>
  );
}
