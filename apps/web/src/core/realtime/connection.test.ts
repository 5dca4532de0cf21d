// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { RealtimeConnection } from './connection';

// A real Socket.IO server on a free port: the connection's client talks to it over WebSocket.
async function startServer() {
  const http = createServer();
  const io = new Server(http);
  await new Promise<void>((listening) => http.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { io, url, stop: () => new Promise<void>((closed) => io.close(() => closed())) };
}

// The transport carries any event name: these tests use their own.
type AnyEvents = Record<string, unknown>;

/** A connection to `url` that sends `token`; no refresh is possible. */
const connectionTo = (url: string, token = 'token') =>
  new RealtimeConnection<AnyEvents>({ getToken: () => token, onUnauthorized: async () => false, url });

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('RealtimeConnection', () => {
  it('gives listeners added before it opens the events the server sends once connected', async () => {
    const server = await startServer();
    stops.push(server.stop);
    server.io.on('connection', (socket) => socket.emit('lead:new', { leadId: 7 }, 'second'));
    const connection = connectionTo(server.url);
    stops.push(async () => connection.close());
    const received = new Promise<unknown[]>((resolve) => connection.on('lead:new', (...args) => resolve(args)));

    expect(connection.getState().status).toBe('offline');
    connection.open();
    expect(connection.getState().status).toBe('connecting');
    expect(await received).toEqual([{ leadId: 7 }, 'second']);
    expect(connection.getState()).toEqual({ status: 'connected', connections: 1 });
  });

  it('sends the token it reads at connection, and stops giving events to a listener taken off', async () => {
    const server = await startServer();
    stops.push(server.stop);
    const tokens: unknown[] = [];
    server.io.on('connection', (socket) => {
      tokens.push(socket.handshake.auth.token);
      socket.emit('pong', 1);
    });
    const connection = connectionTo(server.url, 'the-token');
    stops.push(async () => connection.close());
    const gone: unknown[] = [];
    const removed = (payload: unknown) => gone.push(payload);
    connection.on('pong', removed);
    connection.off('pong', removed);
    const kept = new Promise((resolve) => connection.on('pong', resolve));

    connection.open();
    expect(await kept).toBe(1);
    expect(tokens).toEqual(['the-token']);
    expect(gone).toEqual([]);
  });

  it('does not connect when it was closed before its client had loaded', async () => {
    const server = await startServer();
    stops.push(server.stop);
    let connections = 0;
    server.io.on('connection', () => {
      connections += 1;
    });
    const connection = connectionTo(server.url);

    connection.open();
    connection.close();
    expect(connection.getState()).toEqual({ status: 'offline', connections: 0 });
    // The client has loaded once this import resolves (the connection asked for it first); a connection
    // opened after that, which the server sees connect, comes after any the closed one would have made.
    await import('socket.io-client');
    const probe = connectionTo(server.url);
    stops.push(async () => probe.close());
    const probeConnected = new Promise<void>((resolve) => probe.subscribe(() => probe.isConnected && resolve()));
    probe.open();
    await probeConnected;
    expect(connections).toBe(1);
    expect(connection.getState()).toEqual({ status: 'offline', connections: 0 });
  });
});
