import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.js';
import { acceptMultipartOnly, readMultipartUpload } from '../../src/http/multipart.js';
import { multipartBody } from '../uploads.js';

// The one reader of uploaded forms (chat attachments, profile pictures), on a bare Fastify route.

const MAX_FILE_BYTES = 1024;
const failures = {
  notMultipart: () => new AppError('NOT_MULTIPART', 415, 'Send a form.'),
  broken: () => new AppError('BROKEN', 400, 'Send a whole form.'),
  tooLarge: () => new AppError('TOO_LARGE', 413, 'Too large.'),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler((error: AppError, _request, reply) =>
    reply.status(error.status ?? 500).send({ code: error.code ?? 'UNEXPECTED' }),
  );
  await app.register(async (scope) => {
    await acceptMultipartOnly(scope, { fileSize: MAX_FILE_BYTES, fieldSize: 64 });
    scope.post('/upload', async (request) => {
      const upload = await readMultipartUpload(request, MAX_FILE_BYTES, failures);
      return {
        fields: upload.fields,
        files: upload.files.map((f) => ({ fieldName: f.fieldName, fileName: f.fileName, text: f.body.toString() })),
      };
    });
  });
  await app.ready();
});
afterAll(() => app.close());

const upload = (payload: Buffer | string, contentType: string) =>
  app.inject({ method: 'POST', url: '/upload', payload, headers: { 'content-type': contentType } });

describe('readMultipartUpload', () => {
  it('gives the text fields and the file with its field and file name', async () => {
    const body = multipartBody([
      { name: 'room_id', data: '7' },
      { name: 'file', filename: 'notes.txt', contentType: 'text/plain', data: 'hello' },
    ]);
    const res = await upload(body.payload, body.contentType);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fields: { room_id: '7' },
      files: [{ fieldName: 'file', fileName: 'notes.txt', text: 'hello' }],
    });
  });

  it('gives no file when the form has none', async () => {
    const body = multipartBody([{ name: 'comment', data: 'no file here' }]);
    expect((await upload(body.payload, body.contentType)).json()).toEqual({
      fields: { comment: 'no file here' },
      files: [],
    });
  });

  it('refuses a body that is not a form, a file over the limit, and a broken form, each with the caller’s error', async () => {
    expect((await upload('{"a":1}', 'application/json')).json()).toEqual({ code: 'NOT_MULTIPART' });
    const large = multipartBody([{ name: 'file', filename: 'big.txt', data: 'x'.repeat(MAX_FILE_BYTES + 1) }]);
    expect((await upload(large.payload, large.contentType)).json()).toEqual({ code: 'TOO_LARGE' });
    const body = multipartBody([{ name: 'file', filename: 'cut.txt', data: 'hello' }]);
    const cut = body.payload.subarray(0, body.payload.length - 20);
    expect((await upload(cut, body.contentType)).json()).toEqual({ code: 'BROKEN' });
  });

  it('refuses a body declared larger than the file limit and the form around it before reading it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(1024 * 1024) },
    });
    expect(res.json()).toEqual({ code: 'TOO_LARGE' });
  });
});
