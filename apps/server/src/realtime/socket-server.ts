import type http from 'node:http';
import {
  CHAT_MESSAGES,
  type ClientToServerEvents,
  REALTIME_PATH,
  type RealtimeAck,
  SERVER_EVENTS,
  type ServerEventMap,
  type ServerEventName,
  type ServerToClientEvents,
} from '@leadcircle/shared';
import type { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { Clock } from '../lib/clock.js';
import { CONTROL_EVENTS, type RealtimeEvent, type RealtimePublisher } from './publisher.js';
import { userRoom } from './rooms.js';

// Socket.IO on the app's own HTTP server. A socket is let in with a valid access token of an active user,
// placed in the rooms its membership gives it, and closed when its token expires unless it renews it first.
// With Redis, every instance hears every publish (Socket.IO Redis adapter, docs/adr/0004-realtime-fan-out.md).

/** What the socket layer asks of the rest of the app (the chat module answers). */
export interface RealtimeAccess {
  /** The user of a valid access token, with its expiry; throws when the token is forged or expired. */
  verifyToken(token: string): Promise<{ userId: number }>;
  isActiveUser(userId: number): Promise<boolean>;
  /** Every room a user's sockets belong in, from the source of truth. */
  roomsOf(userId: number): Promise<string[]>;
  /** The rooms that joining chat room `roomId` gives, or null when the user is not a member. */
  roomsForChatRoom(userId: number, roomId: number): Promise<string[] | null>;
}

export interface RealtimeServer {
  publisher: RealtimePublisher;
  /** Closes every socket and the Redis connections (the HTTP server is closed by its owner). */
  close(): Promise<void>;
  io: Server<ClientToServerEvents, ServerToClientEvents>;
}

interface SocketData {
  userId: number;
  expiryTimer?: NodeJS.Timeout;
  // Requests this socket made in the current window (each one reads the database).
  window?: { start: number; count: number };
}
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: CHAT_MESSAGES.socketUnauthorized } as const;
// Requests one socket may make (auth:renew, chat:join) per 10 seconds.
const SOCKET_REQUESTS_PER_WINDOW = 30;
const SOCKET_WINDOW_MS = 10_000;
const RATE_LIMITED = { ok: false, code: 'RATE_LIMITED', message: CHAT_MESSAGES.rateLimited } as const;

function overLimit(socket: AppSocket): boolean {
  const now = Date.now();
  const w = socket.data.window;
  if (!w || now - w.start >= SOCKET_WINDOW_MS) {
    socket.data.window = { start: now, count: 1 };
    return false;
  }
  w.count += 1;
  return w.count > SOCKET_REQUESTS_PER_WINDOW;
}

// The longest a timer may wait (setTimeout's limit is about 24.8 days).
const MAX_TIMER_MS = 2_147_483_647;

type Broadcast = ReturnType<Server<ClientToServerEvents, ServerToClientEvents>['to']>;

/** Sends a published event on to the sockets: its name and payload were checked against the map at publish. */
function emitEvent<E extends ServerEventName>(target: Broadcast, event: { event: E; data: ServerEventMap[E] }) {
  // Socket.IO's types cannot resolve a generic event's parameters: they are the map's, as `event` is.
  target.emit(event.event, ...([event.data] as Parameters<ServerToClientEvents[E]>));
}

function tokenOf(socket: AppSocket): string | undefined {
  const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 && token.length <= 4096 ? token : undefined;
}

function unauthorizedError(): Error & { data: typeof UNAUTHORIZED } {
  return Object.assign(new Error(UNAUTHORIZED.message), { data: UNAUTHORIZED });
}

export async function createRealtimeServer(options: {
  httpServer: http.Server;
  access: RealtimeAccess;
  clock: Clock;
  log: Logger;
  redis: { url: string; keyPrefix: string } | null;
}): Promise<RealtimeServer> {
  const { access, clock, log } = options;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    options.httpServer,
    {
      path: REALTIME_PATH,
      serveClient: false,
      // Same origin only: the web app is served by this server.
      cors: undefined,
      maxHttpBufferSize: 64 * 1024,
    },
  );

  let redisClients: Redis[] = [];
  if (options.redis) {
    // Redis and its adapter load only when configured.
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const pub = new Redis(options.redis.url, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
    redisClients = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `${options.redis.keyPrefix}:socket.io`, requestsTimeout: 3000 }));
  }

  /** Closes the socket when the token expires, after telling the client why. */
  function scheduleExpiry(socket: AppSocket, token: string) {
    clearTimeout(socket.data.expiryTimer);
    const exp = decodeJwt(token).exp ?? 0;
    const delay = Math.min(Math.max(exp * 1000 - clock.now().getTime(), 0), MAX_TIMER_MS);
    socket.data.expiryTimer = setTimeout(() => {
      socket.emit(SERVER_EVENTS.authExpired, { message: CHAT_MESSAGES.socketUnauthorized });
      socket.disconnect(true);
    }, delay);
    socket.data.expiryTimer.unref();
    return new Date(exp * 1000).toISOString();
  }

  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    try {
      if (!token) throw unauthorizedError();
      const { userId } = await access.verifyToken(token);
      if (!(await access.isActiveUser(userId))) throw unauthorizedError();
      socket.data.userId = userId;
      // Joined before the connection completes: nothing published after `connect` is missed.
      socket.join([userRoom(userId), ...(await access.roomsOf(userId))]);
      scheduleExpiry(socket, token);
      next();
    } catch {
      next(unauthorizedError());
    }
  });

  io.on('connection', (socket) => {
    socket.on('disconnect', () => clearTimeout(socket.data.expiryTimer));

    socket.on('auth:renew', async (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (overLimit(socket)) return reply(RATE_LIMITED);
      const token = typeof payload?.token === 'string' && payload.token.length <= 4096 ? payload.token : '';
      try {
        const { userId } = await access.verifyToken(token);
        if (userId !== socket.data.userId || !(await access.isActiveUser(userId))) throw unauthorizedError();
        // Membership is read again: whatever changed while the socket was open is set right.
        const rooms = new Set([userRoom(userId), ...(await access.roomsOf(userId))]);
        for (const room of socket.rooms) {
          if (room !== socket.id && !room.startsWith('chat:') && !rooms.has(room)) socket.leave(room);
        }
        socket.join([...rooms]);
        reply({ ok: true, expiresAt: scheduleExpiry(socket, token) });
      } catch {
        reply({ ok: false, ...UNAUTHORIZED });
        socket.emit(SERVER_EVENTS.authExpired, { message: CHAT_MESSAGES.socketUnauthorized });
        socket.disconnect(true);
      }
    });

    socket.on('chat:join', async (payload, ack) => {
      const reply: (r: RealtimeAck) => void = typeof ack === 'function' ? ack : () => {};
      if (overLimit(socket)) return reply(RATE_LIMITED);
      const roomId = Number(payload?.roomId);
      const notFound = { ok: false, code: 'CHAT_ROOM_NOT_FOUND', message: CHAT_MESSAGES.roomNotFound } as const;
      if (!Number.isInteger(roomId) || roomId <= 0 || roomId > 2_147_483_647) return reply(notFound);
      try {
        const rooms = await access.roomsForChatRoom(socket.data.userId, roomId);
        if (!rooms) return reply(notFound);
        socket.join(rooms);
        reply({ ok: true });
      } catch (err) {
        log.error({ err }, 'chat:join failed');
        reply(notFound);
      }
    });
  });

  const publisher: RealtimePublisher = {
    publish(event: RealtimeEvent) {
      if (event.rooms.length === 0) return;
      const target = io.in(event.rooms);
      switch (event.event) {
        case CONTROL_EVENTS.join:
          return target.socketsJoin(event.data.rooms);
        case CONTROL_EVENTS.leave:
          return target.socketsLeave(event.data.rooms);
        case CONTROL_EVENTS.disconnect:
          return target.disconnectSockets(true);
        default:
          emitEvent(io.to(event.rooms), event);
      }
    },
  };

  return {
    io,
    publisher,
    async close() {
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.allSettled([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
      await Promise.allSettled(redisClients.map((c) => c.quit()));
    },
  };
}
