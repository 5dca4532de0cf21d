import type { FilesConfig } from '../../config.js';
import { createDiskStorage } from './disk-storage.js';
import { createS3Storage } from './s3-storage.js';

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
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.dir);
}
