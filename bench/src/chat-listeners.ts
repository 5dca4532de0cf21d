// One share of the chat fan-out bench's listeners, in a process of its own (each real client has its own
// machine; one process holding all 1,000 would time its own queue, not the server's delivery). Told its
// sockets by the bench (over IPC), it connects them, fetches each one's room list once as the web app does,
// then applies each `chat:message` to that list, counting the HTTP calls a message would cause (a room the
// list does not hold), and reports when every one of its sockets has a message, with each arrival time on
// the machine's monotonic clock (process.hrtime, the same in every process).
import type { ChatMessageEvent } from '@leadcircle/shared';
import { io, type Socket } from 'socket.io-client';
import { placeRoom, type RoomPages, roomIn, roomWithMessage } from '../../apps/web/src/features/chat/room-cache.js';

export interface ListenerShare {
  /** Server ports, the socket at overall position i connects to ports[i % ports.length]. */
  ports: number[];
  /** This share's first socket's overall position. */
  first: number;
  tokens: string[];
  userIds: number[];
}
export type FromListeners =
  | { type: 'ready' }
  | { type: 'arrived'; text: string; at: number[] }
  | { type: 'done'; causedCalls: number };
export type ToListeners = { type: 'share'; share: ListenerShare } | { type: 'close' };

export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

const send = (message: FromListeners) => process.send?.(message);

async function connect(share: ListenerShare) {
  const sockets: Socket[] = [];
  let causedCalls = 0;
  const arrivals = new Map<string, number[]>();
  const BATCH = 100;
  for (let i = 0; i < share.tokens.length; i += BATCH) {
    await Promise.all(
      share.tokens.slice(i, i + BATCH).map((token, j) => {
        const port = share.ports[(share.first + i + j) % share.ports.length]!;
        const userId = share.userIds[i + j]!;
        const socket = io(`http://127.0.0.1:${port}`, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        const list: RoomPages = { pages: [] };
        socket.on('chat:message', (event: ChatMessageEvent) => {
          const at = monotonicMs();
          // As the web app: the room's place and count from the event; a room not in the list is fetched.
          const room = roomIn(list, event.roomId);
          if (room) placeRoom(list, roomWithMessage(room, event.message, userId), true);
          else causedCalls++;
          const text = event.message.message;
          const seen = arrivals.get(text) ?? [];
          seen.push(at);
          arrivals.set(text, seen);
          if (seen.length === share.tokens.length) {
            arrivals.delete(text);
            send({ type: 'arrived', text, at: seen });
          }
        });
        const connected = new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        // The page load: the room list, fetched once.
        const loaded = fetch(`http://127.0.0.1:${port}/api/chat/room/list`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ grouping_level: 'GROUP' }),
        }).then(async (res) => list.pages.push((await res.json()) as RoomPages['pages'][number]));
        return Promise.all([connected, loaded]);
      }),
    );
  }
  return {
    close() {
      for (const socket of sockets) socket.close();
      return causedCalls;
    },
  };
}

let open: Awaited<ReturnType<typeof connect>> | undefined;
// Only in a process the bench forked (the bench itself imports this file's clock and types).
if (process.send)
  process.on('message', async (message: ToListeners) => {
    if (message.type === 'share') {
      open = await connect(message.share);
      send({ type: 'ready' });
    } else {
      send({ type: 'done', causedCalls: open?.close() ?? 0 });
      process.disconnect?.();
    }
  });
