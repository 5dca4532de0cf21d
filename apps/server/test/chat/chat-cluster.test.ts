import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import type { ChatMessage } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { systemClock } from '../../src/lib/clock.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createChatWorld, send } from './chat.js';
import { startServerInstance, waitForReady } from './cluster.js';
import { CatchingUpClient, connected, record, until } from './socket-client.js';

// Two real server processes on one database and the machine's Redis, behind a small TCP load balancer that
// prefers instance B: a client on B receives what is sent through A; when B dies, the client reconnects (to A)
// and catches up with everything sent meanwhile.

const children: ChildProcess[] = [];
let t: TestApp;

const startInstance = (name: string, port: number, databaseUrl: string, keyPrefix: string) =>
  startServerInstance(children, { name, port, databaseUrl, keyPrefix, jwtSecret: t.config.jwtSecret! });

/** A TCP load balancer: each new connection goes to the first instance that accepts it. */
function startBalancer(ports: number[]) {
  const chosen: number[] = [];
  const server = net.createServer((client) => {
    client.pause();
    let upstream: net.Socket | undefined;
    client.on('error', () => upstream?.destroy());
    client.on('close', () => upstream?.destroy());
    const tryPort = (index: number) => {
      const port = ports[index];
      if (port === undefined) return client.destroy();
      let up = false;
      const socket = net.connect(port, '127.0.0.1');
      upstream = socket;
      socket.once('connect', () => {
        up = true;
        chosen.push(port);
        client.pipe(socket).pipe(client);
        client.resume();
      });
      socket.on('error', () => (up ? client.destroy() : tryPort(index + 1)));
      socket.once('close', () => up && client.destroy());
    };
    tryPort(0);
  });
  return { server, chosen };
}

beforeAll(async () => {
  // Tokens made here are checked by the two processes with the real clock.
  t = await createTestApp({ clock: systemClock });
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t.close();
});

describe('two instances through Redis', () => {
  it('delivers across instances, and a client of a killed instance reconnects to the other and catches up', async () => {
    const w = await createChatWorld(t);
    const keyPrefix = `lc16:test:${crypto.randomBytes(4).toString('hex')}`;
    const [portA, portB, portLb] = await Promise.all([freePort(), freePort(), freePort()]);
    const a = startInstance('a', portA, t.config.databaseUrl!, keyPrefix);
    const b = startInstance('b', portB, t.config.databaseUrl!, keyPrefix);
    await Promise.all([waitForReady(portA, a), waitForReady(portB, b)]);
    const lb = startBalancer([portB, portA]);
    await new Promise<void>((r) => lb.server.listen(portLb, '127.0.0.1', () => r()));
    try {
      const client = new CatchingUpClient(`http://127.0.0.1:${portLb}`, w.member.token, w.roomId);
      await connected(client.socket);
      expect(lb.chosen[0]).toBe(portB);
      const live = record(client.socket, 'chat:message');

      // Sent through A, received on B.
      const viaA = (body: string) =>
        fetch(`http://127.0.0.1:${portA}/api/chat/message/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${w.owner.token}` },
          body: JSON.stringify({ room_id: w.roomId, message: body }),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as ChatMessage }));
      const first = await viaA('from A to B');
      expect(first.status).toBe(200);
      await until(() => live.length === 1, 10_000, 'delivery across instances');
      expect(live[0]!.message).toEqual(first.body);

      // B dies; messages keep coming through A.
      b.child.kill('SIGKILL');
      await b.exited;
      const missed = [];
      for (let i = 1; i <= 5; i++) missed.push((await viaA(`while B was down ${i}`)).body.messageId);
      await until(() => client.socket.connected && client.shown().length === 6, 20_000, 'reconnection and catch-up');
      expect(lb.chosen.at(-1)).toBe(portA);
      expect(client.shown().map((m) => m.messageId)).toEqual([first.body.messageId, ...missed]);

      // Live again, now on A.
      const after = await viaA('after the reconnect');
      await until(() => client.shown().length === 7, 10_000, 'live delivery on A');
      expect(client.shown().at(-1)!.messageId).toBe(after.body.messageId);
      client.close();
    } finally {
      lb.server.close();
      a.child.kill('SIGTERM');
      await a.exited;
    }
    // The in-process app (no Redis) still sends as before.
    expect((await send(t, w.member.token, w.roomId, 'in-process')).status).toBe(200);
  }, 120_000);
});
