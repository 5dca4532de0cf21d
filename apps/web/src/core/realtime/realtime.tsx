import { type ServerEventMap, type ServerEventName, STORAGE_KEYS } from '@leadcircle/shared';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { readStoredSession } from '../../lib/session-storage';
import { usersApi } from '../current-user-api';
import { store } from '../store';
import { type ConnectionState, RealtimeConnection } from './connection';

/** The tab's realtime channel: opened on entry to the shell, closed when the shell goes (sign out). */
export const realtime = new RealtimeConnection({
  getToken: () => readStoredSession().accessToken,
  // An authenticated call runs the session rule: a 401 refreshes the tokens (and the page reloads with them).
  onUnauthorized: async () => {
    const result = await store.dispatch(
      usersApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    return !result.error;
  },
});

/** Opens the realtime connection while the calling component (the shell) is mounted. */
export function useRealtimeConnection(): void {
  useEffect(() => {
    // Opened once the page has painted: a first page need not wait for the connection's setup.
    let isMounted = true;
    void afterFirstPaint().then(() => {
      if (isMounted) realtime.open();
    });
    // Tokens refreshed in another tab of this browser: re-authenticate the open socket with the new one.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.accessToken && event.newValue) realtime.renew(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      isMounted = false;
      window.removeEventListener('storage', onStorage);
      realtime.close();
    };
  }, []);
}

export function useRealtimeState(): ConnectionState {
  return useSyncExternalStore(realtime.subscribe, realtime.getState);
}

/**
 * Calls `handler` for every `event` the server sends while the component is mounted. The event is a name of
 * the shared event map, and the handler gets that event's payload.
 */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventMap[E]) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (payload: ServerEventMap[E]) => latest.current(payload);
    realtime.on(event, listener);
    return () => {
      realtime.off(event, listener);
    };
  }, [event]);
}

/**
 * Calls `onReconnect` after every reconnection (not the first connection): the moment to catch up on
 * what was missed while the channel was down.
 */
export function useOnReconnect(onReconnect: () => void): void {
  const { connections } = useRealtimeState();
  const latest = useRef(onReconnect);
  latest.current = onReconnect;
  const seen = useRef(connections);
  useEffect(() => {
    if (connections > seen.current && seen.current > 0) latest.current();
    seen.current = connections;
  }, [connections]);
}

/** 'Reconnecting…' in the app bar while the channel is down after having been up. */
export function ConnectionIndicator() {
  const { status } = useRealtimeState();
  if (status !== 'reconnecting') return null;
  return (
    <Chip
      role="status"
      icon={<CircularProgress size={14} color="inherit" />}
      label="Reconnecting…"
      size="small"
      color="warning"
      sx={{ mr: 2 }}
    />
  );
}
