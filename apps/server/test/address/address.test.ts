import { LEAD_MESSAGES } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileImageSource } from '../../src/http/security.js';
import { createSignedInUser, post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createSignedInUser(t)).accessToken;
});
afterAll(async () => {
  await t.close();
});

describe('/address/zip', () => {
  it('answers the city, state and coordinates of a US ZIP code from the offline table', async () => {
    const res = await post(t, '/address/zip', { postal: ' 10118 ' }, { token });
    expect(res).toMatchObject({
      status: 200,
      body: { postal: '10118', city: 'New York', stateAbbrv: 'NY', latitude: 40.749, longitude: -73.9865 },
    });
  });

  it('answers 404 ADDRESS_ZIP_NOT_FOUND for a code the table does not know', async () => {
    const res = await post(t, '/address/zip', { postal: '00000' }, { token });
    expect(res).toMatchObject({
      status: 404,
      body: { code: 'ADDRESS_ZIP_NOT_FOUND', message: LEAD_MESSAGES.zipNotFound },
    });
  });

  it('refuses what is not five digits with the ZIP message (Canadian codes included)', async () => {
    for (const postal of ['M5V', '1234', '123456', 'abcde', '']) {
      const res = await post(t, '/address/zip', { postal }, { token });
      expect(res).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: LEAD_MESSAGES.postalInvalid },
      });
    }
    expect((await post(t, '/address/zip', {}, { token })).status).toBe(400);
    expect((await post(t, '/address/zip', { postal: '10118', country: 'CA' }, { token })).status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await post(t, '/address/zip', { postal: '10118' })).status).toBe(401);
  });
});

describe('the Content-Security-Policy allows the configured map services', () => {
  const cspOf = async (app: TestApp) => String((await app.app.inject('/signin')).headers['content-security-policy']);
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  it('by default: tiles from OpenStreetMap, no Google host', async () => {
    const csp = await cspOf(t);
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(csp).not.toContain('googleapis');
    expect(csp).not.toContain('gstatic');
  });

  it('with MAP_TILE_URL and GOOGLE_MAPS_API_KEY: that tile host and the Maps JavaScript API hosts', async () => {
    const app = await createTestApp({
      env: { MAP_TILE_URL: 'https://{s}.tiles.example.com:8443/{z}/{x}/{y}.png', GOOGLE_MAPS_API_KEY: 'test-key' },
    });
    try {
      const csp = await cspOf(app);
      expect(directive(csp, 'img-src')).toBe(
        "img-src 'self' data: blob: https://*.tiles.example.com:8443 https://maps.gstatic.com https://*.googleapis.com",
      );
      expect(directive(csp, 'script-src')).toBe("script-src 'self' https://maps.googleapis.com");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://maps.googleapis.com");
      expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com");
      expect(directive(csp, 'font-src')).toBe("font-src 'self' data: https://fonts.gstatic.com");
      expect(csp).not.toContain('test-key');
    } finally {
      await app.close();
    }
  });

  it('adds nothing for tiles served by this server', () => {
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(tileImageSource('http://localhost:8080/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
    expect(tileImageSource('https://{a}-{b}.example.com/{z}/{x}/{y}.png')).toBeUndefined();
    expect(tileImageSource(undefined)).toBeUndefined();
  });
});
