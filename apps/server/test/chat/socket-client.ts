import type { ChatMessage, ChatMessageEvent, ClientToServerEvents, ServerToClientEvents } from '@leadcircle/shared';
import { io, type Socket } from 'socket.io-client';

// A chat client as the web app runs one: a real Socket.IO connection authenticated with the access token, live
// events applied by message id (a newer version replaces an older one), and a cursor: the version up to which
// every change is held. A room's versions are gapless (1, 2, 3 …), so a live event of version cursor + 1 moves
// the cursor; any other gap, and every (re)connection, runs a catch-up SINCE the cursor from the database.
// What it shows is `shown()`: every message once, in seq order.

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connect(baseUrl: string, token: string | undefined, options: { reconnection?: boolean } = {}) {
  return io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 20,
    reconnectionDelayMax: 100,
    randomizationFactor: 0,
    forceNew: true,
  }) as ClientSocket;
}

/** Resolves once connected; rejects with the server's refusal. */
export function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Every event of one name a socket receives, in order. */
export function record<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event as 'chat:message', ((data: never) => seen.push(data)) as never);
  return seen;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(check: () => boolean, timeoutMs = 10_000, what = 'condition') {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

async function callApi(
  baseUrl: string,
  token: string,
  path: string,
  body: unknown,
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { messages: ChatMessage[]; hasMore: boolean };
}

export class CatchingUpClient {
  readonly socket: ClientSocket;
  private readonly messages = new Map<number, ChatMessage>();
  /** Live events that repeated a message already held at the same version (harmless, counted). */
  repeatedEvents = 0;
  connects = 0;
  catchUps = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly roomId: number,
  ) {
    this.socket = connect(baseUrl, token, { reconnection: true });
    const apply = (event: ChatMessageEvent) => {
      if (event.roomId === this.roomId) this.apply(event.message);
    };
    this.socket.on('chat:message', apply);
    this.socket.on('chat:message_updated', apply);
    this.socket.on('connect', () => {
      this.connects += 1;
      void this.catchUp().catch(() => {});
    });
  }

  /** Every change up to this version is held. */
  cursor = 0;
  private catchingUp: Promise<void> | null = null;
  private again = false;

  private store(message: ChatMessage) {
    const held = this.messages.get(message.messageId);
    if (held && held.version >= message.version) {
      this.repeatedEvents += 1;
      return;
    }
    this.messages.set(message.messageId, message);
  }

  private apply(message: ChatMessage) {
    this.store(message);
    if (message.version === this.cursor + 1) this.cursor = message.version;
    else if (message.version > this.cursor) void this.catchUp().catch(() => {});
  }

  /** One catch-up at a time; a request during one runs another after it. */
  catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.again = true;
      return this.catchingUp;
    }
    this.catchingUp = (async () => {
      try {
        do {
          this.again = false;
          this.catchUps += 1;
          for (;;) {
            const page = await callApi(this.baseUrl, this.token, '/chat/message/list', {
              room_id: this.roomId,
              list_message_type: 'SINCE',
              since_version: this.cursor,
              limit: 50,
            });
            for (const m of page.messages as ChatMessage[]) {
              this.store(m);
              this.cursor = Math.max(this.cursor, m.version);
            }
            if (!page.hasMore) break;
          }
        } while (this.again);
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }

  /** What the room shows: each message once, oldest first. */
  shown(): ChatMessage[] {
    return [...this.messages.values()].sort((a, b) => a.seq - b.seq);
  }

  close() {
    this.socket.close();
  }
}
