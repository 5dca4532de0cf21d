import { io, type Socket } from 'socket.io-client';

// The one realtime channel of a signed-in tab (Socket.IO on the same origin). It only makes things arrive
// sooner: what must not be lost is read back from the server after every reconnect (catch-up).

export type ConnectionStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Grows by one on every successful connection: a screen catches up when it changes. */
  connections: number;
}

type Listener = () => void;

export interface RealtimeOptions {
  /** Read at every (re)connection, so a refreshed token is the one sent. */
  getToken: () => string | null;
  /** The server refused the token: refresh the session (resolves true when a new token is stored). */
  onUnauthorized: () => Promise<boolean>;
  url?: string;
}

const MAX_REFUSALS = 3;
const UNAUTHORIZED = /unauthori[sz]ed|expired|token/i;

export class RealtimeConnection {
  private socket: Socket | null = null;
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

  /** The socket (created on first use); listeners may be added before it connects. */
  get io(): Socket {
    this.socket ??= this.create();
    return this.socket;
  }

  open(): void {
    if (this.io.connected || this.io.active) return;
    this.setStatus(this.state.connections === 0 ? 'connecting' : 'reconnecting');
    this.io.connect();
  }

  close(): void {
    this.socket?.disconnect();
    // A later opening (another sign-in) starts afresh.
    this.state = { status: 'offline', connections: 0 };
    this.emitChange();
  }

  /** A new access token (refreshed in another tab): the open socket takes it without reconnecting. */
  renew(event: string, token: string): void {
    if (this.socket?.connected) this.socket.emit(event, { token }, () => {});
  }

  private create(): Socket {
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
