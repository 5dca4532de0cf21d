import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_UPLOAD_PATH,
  CHAT_MESSAGES,
  chatAttachmentUploadFields,
  chatCalls,
  chatMessage,
  chatUserCalls,
} from '@leadcircle/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar, RawRoutes } from '../../http/call.js';
import { AppError, appError, badRequest } from '../../http/errors.js';
import { acceptMultipartOnly, readMultipartUpload } from '../../http/multipart.js';
import { loadJwtSecret } from '../../lib/secrets.js';
import {
  attachmentLink,
  createLinkSigner,
  readAttachment,
  sendAttachment,
  userOfSignedLink,
} from './attachments.service.js';
import * as chat from './chat.service.js';
import * as people from './people.service.js';

// The chat calls, the two user calls chat needs, and the two routes of files that are not JSON
// calls: the upload (multipart/form-data) and the file itself.

// Attachment links are signed with a key derived from the JWT secret.
const attachmentSignerOf = (deps: AppDeps) =>
  createLinkSigner(loadJwtSecret(deps.config.jwtSecret, deps.config.dataDir));

export function registerChatRoutes(call: CallRegistrar, deps: AppDeps): void {
  const signer = attachmentSignerOf(deps);
  call(chatCalls.leadList, ({ userId, body }) => chat.listLeadMessages(deps, userId, body));
  call(chatCalls.messageSend, ({ userId, body }) => chat.sendMessage(deps, userId, body));
  call(chatCalls.messageList, ({ userId, body }) => chat.listMessages(deps, userId, body));
  call(chatCalls.messageEdit, ({ userId, body }) => chat.editMessage(deps, userId, body));
  call(chatCalls.messageDelete, ({ userId, body }) => chat.deleteMessage(deps, userId, body));
  call(chatCalls.roomList, ({ userId, body }) => chat.listRooms(deps, userId, body));
  call(chatCalls.roomGet, ({ userId, body }) => chat.getRoom(deps, userId, body.room_id));
  call(chatCalls.roomDirect, ({ userId, body }) => chat.openDirectRoom(deps, userId, body.user_id));
  call(chatCalls.roomRead, ({ userId, body }) => chat.markRoomRead(deps, userId, body));
  call(chatCalls.roomMute, ({ userId, body }) => chat.muteRoom(deps, userId, body));
  call(chatCalls.unreadTotal, ({ userId }) => chat.unreadTotal(deps, userId));
  call(chatCalls.authenticate, async ({ userId, request }) =>
    chat.realtimeAuthentication(userId, request.headers.authorization),
  );
  call(chatCalls.attachmentLink, ({ userId, body }) => attachmentLink(deps, signer, userId, body.attachment_id));
  call(chatUserCalls.searchByName, ({ userId, body }) => people.searchByName(deps, userId, body));
  call(chatUserCalls.getList, ({ userId, body }) => people.getList(deps, userId, body.user_ids));
}

const notMultipart = (status = 415) =>
  new AppError('CHAT_ATTACHMENT_NOT_MULTIPART', status, CHAT_MESSAGES.attachmentNotMultipart);
const uploadFailures = {
  notMultipart: () => notMultipart(),
  broken: () => notMultipart(400),
  tooLarge: () => appError('CHAT_ATTACHMENT_TOO_LARGE'),
};

/** The upload (multipart) and the file itself (bearer token or a signed link). */
export async function registerChatRawRoutes({ app, authenticate }: RawRoutes, deps: AppDeps): Promise<void> {
  const signer = attachmentSignerOf(deps);
  await app.register(async (scope) => {
    await acceptMultipartOnly(scope, { fileSize: CHAT_ATTACHMENT_MAX_BYTES, fieldSize: 16 * 1024 });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: `/api${CHAT_ATTACHMENT_UPLOAD_PATH}`,
      schema: {
        summary: 'Send a file to a room (multipart: room_id, optional message and client_message_id, one file)',
        tags: ['chat'],
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 200: chatMessage },
      },
      onRequest: authenticate,
      handler: async (request) => {
        const { fields, files } = await readMultipartUpload(request, CHAT_ATTACHMENT_MAX_BYTES, uploadFailures);
        // One file, in the field "file".
        if (files.length > 1 || files.some((f) => f.fieldName !== 'file')) {
          throw badRequest('CHAT_ATTACHMENT_MISSING', CHAT_MESSAGES.attachmentMissing);
        }
        const parsed = chatAttachmentUploadFields.safeParse(fields);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
          throw new AppError('VALIDATION_FAILED', 400, issues[0]?.message ?? 'Invalid form', issues);
        }
        return sendAttachment(deps, request.userId!, parsed.data, files[0]);
      },
    });
  });

  app.get<{ Params: { id: string }; Querystring: { u?: string; exp?: string; sig?: string } }>(
    `${chat.ATTACHMENT_PATH_PREFIX}:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      const attachmentId = Number(request.params.id);
      if (!/^\d{1,10}$/.test(request.params.id) || attachmentId > 2_147_483_647) {
        throw appError('CHAT_ATTACHMENT_NOT_FOUND');
      }
      let userId: number;
      if (request.query.sig !== undefined) {
        userId = await userOfSignedLink(deps, signer, attachmentId, request.query);
      } else {
        await authenticate(request);
        userId = request.userId!;
      }
      const file = await readAttachment(deps, userId, attachmentId);
      const inline = file.contentType.startsWith('image/');
      const encodedName = encodeURIComponent(file.fileName);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodedName}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
