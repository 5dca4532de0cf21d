import type { FilesConfig } from '../../config.js';
import { createDiskStorage } from './disk-storage.js';
import type { FileStorage } from './file-storage.js';

/** S3-compatible storage when configured, disk under DATA_DIR/uploads otherwise. */
export function createFileStorage(config: FilesConfig): FileStorage {
  return config.kind === 's3' ? lazyS3Storage(config) : createDiskStorage(config.dir);
}

/** S3 storage whose SDK (large) loads on the first file call, not at start. */
function lazyS3Storage(config: Extract<FilesConfig, { kind: 's3' }>): FileStorage {
  let storage: Promise<FileStorage> | undefined;
  const load = () => {
    storage ??= import('./s3-storage.js').then((m) => m.createS3Storage(config));
    return storage;
  };
  return {
    kind: 's3',
    put: async (key, body, contentType) => (await load()).put(key, body, contentType),
    get: async (key) => (await load()).get(key),
    delete: async (key) => (await load()).delete(key),
    deleteFolder: async (folder) => (await load()).deleteFolder(folder),
  };
}
