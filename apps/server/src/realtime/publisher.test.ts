import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatJoinPayload, ClientToServerEvents, LeadRatingEvent, ServerToClientEvents } from '@leadcircle/shared';
import { SERVER_EVENTS } from '@leadcircle/shared';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createRecordingPublisher } from './recording-publisher.js';
import type { RealtimeServer } from './socket-server.js';

// The `@ts-expect-error` lines are the test: `npm run typecheck` fails as soon as one of them compiles.

describe('realtime events are typed by the shared event map', () => {
  it('publish takes an event of the map with its own payload, and refuses a wrong name or payload', () => {
    const realtime = createRecordingPublisher();
    const rating = { leadId: 1, groupId: 2, rating: 4.5, count: 2 };
    realtime.publish({ rooms: ['group:2'], event: SERVER_EVENTS.leadRating, data: rating });
    realtime.publish({ rooms: ['user:1'], event: 'realtime:join', data: { rooms: ['chat:7'] } });
    // @ts-expect-error a name the map does not have
    realtime.publish({ rooms: ['group:2'], event: 'lead:ratings', data: rating });
    // @ts-expect-error a payload without a field of its event
    realtime.publish({ rooms: ['group:2'], event: 'lead:rating', data: { leadId: 1, groupId: 2, rating: 4.5 } });
    // @ts-expect-error a payload with a field its event does not have
    realtime.publish({ rooms: ['group:2'], event: 'lead:rating', data: { ...rating, average: 4.5 } });
    // @ts-expect-error another event's payload
    realtime.publish({ rooms: ['group:2'], event: 'lead:rating', data: { roomId: 1, kind: 'GROUP' } });
    // @ts-expect-error the socket layer sends auth:expired itself
    realtime.publish({ rooms: ['user:1'], event: 'auth:expired', data: { message: 'expired' } });
    // @ts-expect-error a control event carries the rooms to join
    realtime.publish({ rooms: ['user:1'], event: 'realtime:join', data: {} });

    const [published] = realtime.events;
    if (published?.event === SERVER_EVENTS.leadRating) expectTypeOf(published.data).toEqualTypeOf<LeadRatingEvent>();
    expect(published).toEqual({ rooms: ['group:2'], event: 'lead:rating', data: rating });
  });

  it('the socket server emits only the map events with their payloads, and hears only the events clients may send', async () => {
    const httpServer = createServer();
    const io: RealtimeServer['io'] = new Server(httpServer);
    await new Promise<void>((listening) => httpServer.listen(0, '127.0.0.1', listening));
    const heard: ChatJoinPayload[] = [];
    io.on('connection', (socket) => {
      socket.on('chat:join', (payload, ack) => {
        heard.push(payload);
        ack({ ok: true });
      });
      // @ts-expect-error an event clients do not send
      socket.on('chat:leave', () => {});
      // @ts-expect-error a payload that is not the event's
      socket.on('chat:join', (payload: { token: string }) => payload.token);
      socket.emit(SERVER_EVENTS.authExpired, { message: 'expired' });
      // @ts-expect-error a name the map does not have
      socket.emit('auth:expire', { message: 'expired' });
      // @ts-expect-error a payload that is not its event's
      io.to('user:1').emit(SERVER_EVENTS.authExpired, { reason: 'expired' });
    });
    const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    const client = connectClient(url, { transports: ['websocket'] }) as Socket<
      ServerToClientEvents,
      ClientToServerEvents
    >;
    try {
      const expired = new Promise((resolve) => client.once('auth:expired', resolve));
      expect(await expired).toEqual({ message: 'expired' });
      expect(await client.emitWithAck('chat:join', { roomId: 7 })).toEqual({ ok: true });
      expect(heard).toEqual([{ roomId: 7 }]);
    } finally {
      client.close();
      await io.close();
    }
  });
});
