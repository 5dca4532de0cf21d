import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-disk-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('disk storage', () => {
  const storage = createDiskStorage(path.join(root, 'uploads'));

  it('stores, reads and deletes a file, leaving no empty folder or temporary file behind', async () => {
    await storage.put('avatars/7/abcDEF123_-x.webp', Buffer.from('picture'), 'image/webp');
    expect(fs.readdirSync(path.join(root, 'uploads/avatars/7'))).toEqual(['abcDEF123_-x.webp']);
    expect(await storage.get('avatars/7/abcDEF123_-x.webp')).toEqual({
      body: Buffer.from('picture'),
      contentType: 'image/webp',
    });
    await storage.delete('avatars/7/abcDEF123_-x.webp');
    expect(await storage.get('avatars/7/abcDEF123_-x.webp')).toBeUndefined();
    expect(fs.existsSync(path.join(root, 'uploads/avatars/7'))).toBe(false);
  });

  it('treats a missing file as absent, and deleting it as done', async () => {
    expect(await storage.get('avatars/8/missing.webp')).toBeUndefined();
    await expect(storage.delete('avatars/8/missing.webp')).resolves.toBeUndefined();
  });

  it.each([
    '../secret.webp',
    'avatars/../../etc/passwd',
    '/etc/passwd',
    'avatars/7/a b.webp',
    'avatars\\7\\x.webp',
    '',
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
  });

  it('deletes a whole folder, and only that one', async () => {
    await storage.put('avatars/9/a.webp', Buffer.from('a'), 'image/webp');
    await storage.put('avatars/9/b.webp', Buffer.from('b'), 'image/webp');
    await storage.put('avatars/90/c.webp', Buffer.from('c'), 'image/webp');
    await storage.deleteFolder('avatars/9');
    expect(await storage.get('avatars/9/a.webp')).toBeUndefined();
    expect(await storage.get('avatars/9/b.webp')).toBeUndefined();
    expect(await storage.get('avatars/90/c.webp')).toBeDefined();
    await expect(storage.deleteFolder('avatars/9')).resolves.toBeUndefined();
  });

  it.each(['avatars', '..', 'avatars/..', 'avatars/9/../..', '/etc', ''])(
    'refuses to delete the folder %j',
    async (folder) => {
      await expect(storage.deleteFolder(folder)).rejects.toThrow(/unsafe storage folder/);
    },
  );
});
