import type { FilesConfig } from '../../config.js';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live: disk under DATA_DIR/uploads by default,
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
