import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The web app on the wire: the build's precompressed files as the browser accepts them, hashed
// assets cached for good, index.html revalidated, API answers over 1 KB compressed.
const script = `console.log(${JSON.stringify('LeadCircle '.repeat(400))});`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${' '.repeat(2000)}</body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const [file, content] of [
    ['index.html', page],
    ['assets/index-abc123.js', script],
  ] as const) {
    fs.writeFileSync(path.join(dist, file), content);
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(content));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(content));
  }
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('web app delivery', () => {
  it('sends a hashed asset as brotli, gzip or plain as accepted, cached for a year as immutable', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a page of the app (index.html) compressed and always revalidated', async () => {
    const res = await get('/signin', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('compresses API answers over 1 KB and leaves small ones as they are', async () => {
    const big = await get('/api/openapi.json', 'br');
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await get('/api/health', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('compresses a lookup over 1 KB from its very first answer, as every later one', async () => {
    const { accessToken } = await createSignedInUser(t);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/product/category/list',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          'accept-encoding': 'br',
        },
        payload: '{}',
      });
    const [first, second] = [await ask(), await ask()];
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200);
      const json =
        answer.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(answer.rawPayload) : answer.rawPayload;
      expect(answer.headers['content-encoding']).toBe(json.length >= 1024 ? 'br' : undefined);
      expect(answer.headers['cache-control']).toBe('private, max-age=3600');
      expect(JSON.parse(json.toString())).toHaveProperty('categories');
    }
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
  });

  it('serves lookups with caching headers, the same answer every time', async () => {
    const { accessToken } = await createSignedInUser(t);
    const first = await post(t, '/target/list', {}, { token: accessToken });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/target/list',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers['cache-control']).toBe('private, max-age=3600');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.json()).toEqual(first.body);
    expect((second.json() as { targets: unknown[] }).targets.length).toBeGreaterThan(0);
    const compressed = await t.app.inject({
      method: 'POST',
      url: '/api/target/list',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', 'accept-encoding': 'br' },
      payload: '{}',
    });
    if (compressed.headers['content-encoding'] === 'br') {
      expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(first.body);
    } else {
      expect(compressed.json()).toEqual(first.body);
    }
    // Still only for signed-in callers.
    expect((await post(t, '/target/list', {})).status).toBe(401);
  });

  it('answers every lookup from memory, loaded at start: no database connection per request', async () => {
    const { accessToken } = await createSignedInUser(t);
    let connectionsTaken = 0;
    const count = () => {
      connectionsTaken += 1;
    };
    t.pool.on('acquire', count);
    try {
      for (const call of ['/target/list', '/product/category/list', '/product/list']) {
        const res = await post(t, call, {}, { token: accessToken });
        expect(res.status, call).toBe(200);
      }
      expect(connectionsTaken).toBe(0);
    } finally {
      t.pool.off('acquire', count);
    }
    // A bad or missing token is still refused.
    expect((await post(t, '/product/list', {}, { token: `${accessToken}x` })).status).toBe(401);
    expect((await post(t, '/product/category/list', {})).status).toBe(401);
  });
});
