import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ece from 'http_ece';

// A real push service on 127.0.0.1 for the Web Push tests: it answers TLS with the self-signed
// certificate in fixtures/ (trusted through NODE_EXTRA_CA_CERTS, set in vitest.config.ts), checks each
// push's VAPID token (ES256, audience its own origin, expiry, mailto: subject), its TTL and Urgency
// headers and its aes128gcm encoding, and decrypts the payload with the subscription's private keys,
// as a browser's push service and browser would. Answers are 201 unless a test queues others.

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
export const LOCAL_PUSH_CA_FILE = path.join(FIXTURES, 'local-push-service.cert.pem');

export interface ReceivedPush {
  device: string;
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  urgency: string | undefined;
  vapid: { aud: string; sub: string; exp: number };
}

/** A browser's side of a subscription: the keys it made and the address the service gave it. */
export interface LocalDevice {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', ...jwkOf(Buffer.from(key, 'base64url')) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header_.alg !== 'ES256') throw new Error(`VAPID alg ${header_.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString());
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud}, not ${origin}`);
  if (!String(body.sub).startsWith('mailto:')) throw new Error(`VAPID subject ${body.sub}`);
  if (body.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return { aud: body.aud, sub: body.sub, exp: body.exp, key };
}

function jwkOf(point: Buffer) {
  return { x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
}

export async function startLocalPushService() {
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const requests: { device: string; status: number }[] = [];
  const queued = new Map<string, number[]>();
  const errors: string[] = [];
  let origin = '';

  const server = https.createServer(
    {
      cert: fs.readFileSync(LOCAL_PUSH_CA_FILE),
      key: fs.readFileSync(path.join(FIXTURES, 'local-push-service.key.pem')),
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
        const device = devices.get(name);
        const status = queued.get(name)?.shift() ?? (device ? 201 : 404);
        requests.push({ device: name, status });
        if (status === 201 && device) {
          try {
            if (req.method !== 'POST') throw new Error(`method ${req.method}`);
            if (req.headers['content-encoding'] !== 'aes128gcm') {
              throw new Error(`content-encoding ${req.headers['content-encoding']}`);
            }
            const ttl = Number(req.headers.ttl);
            if (!Number.isInteger(ttl) || ttl <= 0) throw new Error(`TTL ${req.headers.ttl}`);
            const vapid = verifyVapid(req.headers.authorization, origin);
            const plain = ece.decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: device.ecdh,
              authSecret: device.auth.toString('base64url'),
            });
            received.push({
              device: name,
              payload: JSON.parse(plain.toString('utf8')),
              ttl,
              urgency: req.headers.urgency as string | undefined,
              vapid,
            });
          } catch (error) {
            errors.push(String(error));
            res.writeHead(400).end();
            return;
          }
        }
        res.writeHead(status, status === 429 ? { 'retry-after': '30' } : {}).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    received,
    requests,
    errors,
    /** A browser subscribing: its keys, and an address at this service. */
    newDevice(name: string): LocalDevice {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(name, { ecdh, auth });
      return {
        name,
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** The next answers for a device's pushes (then 201 again). */
    answerNext(name: string, ...statuses: number[]) {
      queued.set(name, [...(queued.get(name) ?? []), ...statuses]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LocalPushService = Awaited<ReturnType<typeof startLocalPushService>>;
