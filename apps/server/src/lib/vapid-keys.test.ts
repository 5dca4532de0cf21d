import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadVapidKeys } from './secrets.js';

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, readable only by the server, and the same after a restart', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-vapid-'));
    try {
      const first = loadVapidKeys(null, dataDir);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
      expect(loadVapidKeys(null, dataDir)).toEqual(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('are the configured pair when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set', () => {
    const configured = { publicKey: 'public', privateKey: 'private' };
    expect(loadVapidKeys(configured, '/nonexistent')).toBe(configured);
  });
});
