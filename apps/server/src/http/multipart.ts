import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Uploads (chat attachments, profile pictures) are the only calls that are not JSON: one form of a few
// text fields and one file, read whole into memory within the route's limits.

// Room for the multipart framing and the text fields around the file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Makes `scope` take multipart/form-data only: any other body reaches the handler unread (it answers 415). */
export async function acceptMultipartOnly(
  scope: FastifyInstance,
  limits: { fileSize: number; fieldSize: number },
): Promise<void> {
  await scope.register(multipart, { limits: { ...limits, files: 1, fields: 5, parts: 6, headerPairs: 20 } });
  scope.removeContentTypeParser(['application/json']);
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
}

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  body: Buffer;
}

/** The route's own errors for a body that is no form, a form that breaks off, and a file over its limit. */
export interface UploadFailures {
  notMultipart: () => Error;
  broken: () => Error;
  tooLarge: () => Error;
}

/** The form's text fields and its files (each at most maxFileBytes). */
export async function readMultipartUpload(
  request: FastifyRequest,
  maxFileBytes: number,
  fail: UploadFailures,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw fail.notMultipart();
  if (Number(request.headers['content-length']) > maxFileBytes + MULTIPART_OVERHEAD_BYTES) throw fail.tooLarge();
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files.push({ fieldName: part.fieldname, fileName: part.filename, body: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail.tooLarge();
    // A broken body (bad boundary, cut short, too many parts): the client's mistake, never a 500.
    throw fail.broken();
  }
  return { fields, files };
}
