import {
  CLIENT_EVENTS,
  type ClientToServerEvents,
  type ServerEventMap,
  type ServerToClientEvents,
} from '@leadcircle/shared';
import type { Socket } from 'socket.io-client';

// The one realtime channel of a signed-in tab (Socket.IO on the same origin). It only makes things arrive
// sooner: what must not be lost is read back from the server after every reconnect (catch-up).
// Socket.IO's client (11 KB brotli) loads when the channel first opens, after the first paint: the
// screens' listeners are kept here meanwhile and get every event the socket receives.

export type ConnectionStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Grows by one on every successful connection: a screen catches up when it changes. */
  connections: number;
}

type Listener = () => void;
// biome-ignore lint/suspicious/noExplicitAny: kept by name; `on` types each listener by its event's payload.
type EventListener = (...args: any[]) => void;
type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeOptions {
  /** Read at every (re)connection, so a refreshed token is the one sent. */
  getToken: () => string | null;
  /** The server refused the token: refresh the session (resolves true when a new token is stored). */
  onUnauthorized: () => Promise<boolean>;
  url?: string;
}

const MAX_REFUSALS = 3;
const UNAUTHORIZED = /unauthori[sz]ed|expired|token/i;

/** `Events` names each event the server sends and its payload: the shared map, unless a test gives its own. */
export class RealtimeConnection<Events = ServerEventMap> {
  private socket: AppSocket | null = null;
  // Loading Socket.IO's client; `wantsOpen` says whether to connect once it has come.
  private loading: Promise<void> | null = null;
  private wantsOpen = false;
  private readonly eventListeners = new Map<string, Set<EventListener>>();
  private state: ConnectionState = { status: 'offline', connections: 0 };
  private readonly listeners = new Set<Listener>();
  private isRefreshing = false;
  // Refreshes in a row without a connection in between: the server keeps refusing, stop asking.
  private refusals = 0;

  constructor(private readonly options: RealtimeOptions) {}

  getState = (): ConnectionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get isConnected(): boolean {
    return this.state.status === 'connected';
  }

  /** Calls `listener` for every `event` the server sends, from whenever the socket comes. */
  on<E extends keyof Events & string>(event: E, listener: (payload: Events[E]) => void): void {
    const listeners = this.eventListeners.get(event) ?? new Set<EventListener>();
    listeners.add(listener);
    this.eventListeners.set(event, listeners);
  }

  off<E extends keyof Events & string>(event: E, listener: (payload: Events[E]) => void): void {
    this.eventListeners.get(event)?.delete(listener);
  }

  open(): void {
    this.wantsOpen = true;
    if (this.socket?.connected || this.socket?.active) return;
    this.setStatus(this.state.connections === 0 ? 'connecting' : 'reconnecting');
    if (this.socket) {
      this.socket.connect();
      return;
    }
    this.loading ??= import('socket.io-client').then(
      ({ io }) => {
        this.socket = this.create(io);
        if (this.wantsOpen) this.socket.connect();
      },
      () => {
        // The file did not come (offline, a new deploy): the next opening tries again.
        this.loading = null;
        this.setStatus('offline');
      },
    );
  }

  close(): void {
    this.wantsOpen = false;
    this.socket?.disconnect();
    // A later opening (another sign-in) starts afresh.
    this.state = { status: 'offline', connections: 0 };
    this.emitChange();
  }

  /** A new access token (refreshed in another tab): the open socket takes it without reconnecting. */
  renew(token: string): void {
    if (this.socket?.connected) this.socket.emit(CLIENT_EVENTS.authRenew, { token }, () => {});
  }

  private create(io: typeof import('socket.io-client').io): AppSocket {
    const socket = io(this.options.url ?? '/', {
      autoConnect: false,
      // WebSocket only: no long-polling, so several server instances need no sticky sessions (ADR 0004),
      // and a first page makes one connection rather than a handshake, polls and an upgrade.
      transports: ['websocket'],
      // The token is read at each attempt: after a refresh the new one goes.
      auth: (cb) => cb({ token: this.options.getToken() ?? '' }),
      reconnectionDelay: 500,
      reconnectionDelayMax: 5_000,
      // An attempt that hangs (a dropped network) is given up sooner than Socket.IO's 20 s.
      timeout: 10_000,
    }) as AppSocket;
    // The screens' listeners (connect, disconnect and connect_error are the connection's own).
    socket.onAny((event: string, ...args: unknown[]) => {
      for (const listener of this.eventListeners.get(event) ?? []) listener(...args);
    });
    socket.on('connect', () => {
      this.refusals = 0;
      this.state = { status: 'connected', connections: this.state.connections + 1 };
      this.emitChange();
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      // The server closed it (token expired, account blocked): try once with a refreshed token.
      if (reason === 'io server disconnect') void this.reauthenticate();
      else this.setStatus('reconnecting');
    });
    socket.on('connect_error', (error) => {
      this.setStatus(this.state.connections === 0 ? 'connecting' : 'reconnecting');
      if (!socket.active || UNAUTHORIZED.test(error.message)) void this.reauthenticate();
    });
    return socket;
  }

  // A refused or expired token: refresh the session, then connect again with the new token.
  private async reauthenticate(): Promise<void> {
    if (this.isRefreshing || this.refusals >= MAX_REFUSALS) return;
    this.isRefreshing = true;
    this.refusals += 1;
    this.setStatus('reconnecting');
    try {
      const refreshed = await this.options.onUnauthorized();
      if (refreshed && this.socket && !this.socket.connected) this.socket.connect();
    } finally {
      this.isRefreshing = false;
    }
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.state.status === status) return;
    this.state = { ...this.state, status };
    this.emitChange();
  }

  private emitChange(): void {
    for (const listener of this.listeners) listener();
  }
}
