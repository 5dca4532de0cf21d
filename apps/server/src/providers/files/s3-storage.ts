import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FilesConfig } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { assertSafeFolder, assertSafeKey } from './storage-keys.js';

/** Any S3-compatible storage (AWS S3, MinIO, Cloudflare R2, …). The bucket stays private: the app serves the files. */
export function createS3Storage(config: Extract<FilesConfig, { kind: 's3' }>): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint, forcePathStyle: true }),
    ...(config.credentials && { credentials: config.credentials }),
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!res.Body) return undefined;
        const body = Buffer.from(await res.Body.transformToByteArray());
        return { body, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async deleteFolder(folder) {
      assertSafeFolder(folder);
      // One object at a time: DeleteObjects needs a Content-MD5 some S3-compatible servers handle badly,
      // and a user's folder holds one picture, or a few after a failed clean-up.
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: `${folder}/`,
            ContinuationToken: continuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: object.Key }));
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
