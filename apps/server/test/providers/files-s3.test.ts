import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseAccountsJob } from '../../src/jobs/jobs.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createSignedInUser, post } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';
import { pngWithMetadata, storedUploads, uploadAvatar } from '../uploads.js';

// A small S3-compatible peer in the test process (path-style PUT, GET, DELETE object), like the local
// SMTP server of the mail tests: the app talks to it through the real AWS SDK, over HTTP.

interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
}

interface LocalS3 {
  endpoint: string;
  objects: Map<string, StoredObject>;
  requests: { method: string; path: string; authorization: string | undefined }[];
  stop(): Promise<void>;
}

function notFoundXml(key: string) {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`;
}

async function startS3(bucket: string): Promise<LocalS3> {
  const objects = new Map<string, StoredObject>();
  const requests: LocalS3['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization });
      const prefix = `/${bucket}/`;
      if (req.method === 'GET' && (url.pathname === `/${bucket}` || url.pathname === prefix)) {
        const listPrefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(listPrefix)).sort();
        const contents = keys.map(
          (k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`,
        );
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${listPrefix}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents.join('')}</ListBucketResult>`,
          );
        return;
      }
      if (!url.pathname.startsWith(prefix)) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end(notFoundXml(url.pathname));
        return;
      }
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] });
        res.writeHead(200, { etag: '"test"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          res.writeHead(404, { 'content-type': 'application/xml' }).end(notFoundXml(key));
          return;
        }
        res
          .writeHead(200, {
            'content-type': object.contentType ?? 'application/octet-stream',
            'content-length': object.body.length,
          })
          .end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const BUCKET = 'leadcircle-avatars';
const clock = createTestClock();
let s3: LocalS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3(BUCKET);
  t = await createTestApp({
    clock,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'test-access-key',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    },
  });
});
afterAll(async () => {
  await t.close();
  await s3.stop();
});

describe('profile pictures in S3-compatible storage', () => {
  it('stores the re-encoded picture in the bucket (signed requests), serves it from there, and deletes the old one', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const first = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    expect(first.status).toBe(200);
    const key = first.body.avatarUrl.replace('/api/', '');
    expect(key).toMatch(new RegExp(`^avatars/${user.id}/`));

    const object = s3.objects.get(key);
    expect(object?.contentType).toBe('image/webp');
    expect((await sharp(object!.body).metadata()).format).toBe('webp');
    expect(s3.requests.find((r) => r.method === 'PUT')?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/eu-central-1\/s3\//,
    );
    // Nothing on the local disk.
    expect(storedUploads(t)).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: first.body.avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(object!.body)).toBe(true);

    const second = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    expect(second.status).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.objects.has(second.body.avatarUrl.replace('/api/', ''))).toBe(true);

    expect((await post(t, '/user/remove_avatar', {}, { token: accessToken })).body.avatarUrl).toBeNull();
    expect([...s3.objects.keys()].filter((k) => k.startsWith(`avatars/${user.id}/`))).toEqual([]);
  });

  it('erases every object of the user 24 hours after the deletion request, leftovers included', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    const kept = await uploadAvatar(t, other.accessToken, { data: await pngWithMetadata() });
    // What a failed clean-up may leave behind.
    await t.deps.files.put(`avatars/${user.id}/leftover-from-before.webp`, Buffer.from('old'), 'image/webp');
    expect((await post(t, '/user/schedule_delete', {}, { token: accessToken })).status).toBe(200);

    clock.advance(24 * HOUR_MS);
    await eraseAccountsJob.run(t.deps);
    expect([...s3.objects.keys()].filter((k) => k.startsWith(`avatars/${user.id}/`))).toEqual([]);
    expect(s3.objects.has(kept.body.avatarUrl.replace('/api/', ''))).toBe(true);
  });

  it('answers 404 when the object is missing from the bucket', async () => {
    const { accessToken } = await createSignedInUser(t);
    const { body } = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    s3.objects.delete(body.avatarUrl.replace('/api/', ''));
    const res = await t.app.inject({ method: 'GET', url: body.avatarUrl });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Picture not found.', code: 'AVATAR_NOT_FOUND' });
  });
});
