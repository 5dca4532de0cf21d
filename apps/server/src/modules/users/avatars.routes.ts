import { AVATAR_MAX_BYTES, userCalls } from '@leadcircle/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { RawRoutes } from '../../http/call.js';
import { appError, badRequest } from '../../http/errors.js';
import { acceptMultipartOnly, readMultipartUpload } from '../../http/multipart.js';
import { allowAvatarUpload, readAvatar, uploadAvatar } from './avatars.service.js';

// The two routes of profile pictures that are not JSON calls: the upload (multipart/form-data)
// and the picture itself, which an <img> fetches without a bearer token.

const uploadFailures = {
  notMultipart: () => appError('AVATAR_NOT_MULTIPART'),
  broken: () => appError('AVATAR_MULTIPART_BROKEN'),
  tooLarge: () => appError('AVATAR_TOO_LARGE'),
};

export async function registerAvatarRawRoutes({ app, authenticate }: RawRoutes, deps: AppDeps): Promise<void> {
  // Multipart is accepted by this route alone; every other call stays JSON only.
  await app.register(async (scope) => {
    // Any other body reaches the handler unread, which answers 415 in words about pictures.
    await acceptMultipartOnly(scope, { fileSize: AVATAR_MAX_BYTES, fieldSize: 1024 });
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
        const { files } = await readMultipartUpload(request, AVATAR_MAX_BYTES, uploadFailures);
        if (!files[0]) throw badRequest('AVATAR_MISSING');
        return uploadAvatar(deps, userId, files[0].body);
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
