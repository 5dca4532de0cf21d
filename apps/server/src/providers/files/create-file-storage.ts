import type { FilesConfig } from '../../config.js';
import { createDiskStorage } from './disk-storage.js';
import type { FileStorage } from './file-storage.js';
import { createS3Storage } from './s3-storage.js';

/** S3-compatible storage when configured, disk under DATA_DIR/uploads otherwise. */
export function createFileStorage(config: FilesConfig): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.dir);
}
