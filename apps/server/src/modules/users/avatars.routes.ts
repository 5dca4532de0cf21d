import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, userCalls } from '@leadcircle/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { RawRoutes } from '../../http/call.js';
import { AppError, appError, badRequest } from '../../http/errors.js';
import { allowAvatarUpload, readAvatar, uploadAvatar } from './avatars.service.js';

// The two routes of profile pictures that are not JSON calls: the upload (multipart/form-data)
// and the picture itself, which an <img> fetches without a bearer token.

// Room for the multipart framing around the file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const notMultipart = () => appError('AVATAR_NOT_MULTIPART');
const tooLarge = () => appError('AVATAR_TOO_LARGE');

/** The uploaded file's bytes, at most AVATAR_MAX_BYTES of them. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw notMultipart();
  const declaredLength = Number(request.headers['content-length']);
  if (declaredLength > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  try {
    const file = await request.file();
    if (!file) throw badRequest('AVATAR_MISSING');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // A broken multipart body (bad boundary, cut short): the client's mistake, never a 500.
    throw appError('AVATAR_MULTIPART_BROKEN');
  }
}

export async function registerAvatarRawRoutes({ app, authenticate }: RawRoutes, deps: AppDeps): Promise<void> {
  // Multipart is accepted by this route alone; every other call stays JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
    });
    // Any other body reaches the handler unread, which answers 415 in words about pictures.
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: `/api${userCalls.uploadAvatar.path}`,
      schema: {
        summary: userCalls.uploadAvatar.summary,
        tags: ['user'],
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 200: userCalls.uploadAvatar.response },
      },
      onRequest: authenticate,
      handler: async (request) => {
        const userId = request.userId!;
        await allowAvatarUpload(deps, userId);
        return uploadAvatar(deps, userId, await readUploadedFile(request));
      },
    });
  });

  app.get<{ Params: { user_id: string; file: string } }>(
    '/api/avatars/:user_id/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const picture = await readAvatar(deps, request.params.user_id, request.params.file);
      return (
        reply
          .header('content-type', picture.contentType)
          // Each upload has a new address, so an address never changes content.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(picture.body)
      );
    },
  );
}
