import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage.js';
import { assertSafeFolder, assertSafeKey } from './storage-keys.js';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
};

/** Files under one folder (DATA_DIR/uploads); the content type follows from the extension. */
export function createDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'disk',
    async put(key, body) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, body, { mode: 0o640 });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        const body = await fs.readFile(file);
        return { body, contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = resolve(key);
      await fs.rm(file, { force: true });
      // Leave no empty per-user folders behind.
      await fs.rmdir(path.dirname(file)).catch(() => {});
    },
    async deleteFolder(folder) {
      assertSafeFolder(folder);
      await fs.rm(path.join(root, ...folder.split('/')), { recursive: true, force: true });
    },
  };
}
