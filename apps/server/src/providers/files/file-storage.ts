import type { FilesConfig } from '../../config.js';
import { createDiskStorage } from './disk-storage.js';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live (ARCHITECTURE §4): disk under DATA_DIR/uploads by default,
 * S3-compatible storage when configured. Keys are relative paths such as `avatars/12/<random>.webp`.
 */
export interface FileStorage {
  readonly kind: FilesConfig['kind'];
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such file. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every file under a folder (`avatars/12`): erasure leaves nothing behind, not even leftovers. */
  deleteFolder(folder: string): Promise<void>;
}

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
