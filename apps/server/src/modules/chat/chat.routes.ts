import multipart from '@fastify/multipart';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_UPLOAD_PATH,
  CHAT_MESSAGES,
  chatAttachmentUploadFields,
  chatCalls,
  chatMessage,
  chatUserCalls,
} from '@leadcircle/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar, RawRoutes } from '../../http/call.js';
import { AppError, appError, badRequest } from '../../http/errors.js';
import { loadJwtSecret } from '../../lib/secrets.js';
import { cleanFileName, sniffAttachment } from './attachment-type.js';
import {
  attachmentLink,
  createLinkSigner,
  readAttachment,
  requireUploadRoom,
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

// Room for the multipart framing and the text fields around the file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const notMultipart = (status = 415) =>
  new AppError('CHAT_ATTACHMENT_NOT_MULTIPART', status, CHAT_MESSAGES.attachmentNotMultipart);
const tooLarge = () => appError('CHAT_ATTACHMENT_TOO_LARGE');

/** The form's text fields and its one file (at most CHAT_ATTACHMENT_MAX_BYTES). */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw notMultipart();
  if (Number(request.headers['content-length']) > CHAT_ATTACHMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw tooLarge();
  }
  const fields: Record<string, string> = {};
  let file: { body: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file)
          throw badRequest('CHAT_ATTACHMENT_MISSING', CHAT_MESSAGES.attachmentMissing);
        file = { body: await part.toBuffer(), fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // A broken multipart body (bad boundary, cut short, too many parts): the client's mistake, never a 500.
    throw notMultipart(400);
  }
  return { fields, file };
}

/** The upload (multipart) and the file itself (bearer token or a signed link). */
export async function registerChatRawRoutes({ app, authenticate }: RawRoutes, deps: AppDeps): Promise<void> {
  const signer = attachmentSignerOf(deps);
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: CHAT_ATTACHMENT_MAX_BYTES,
        files: 1,
        fields: 5,
        fieldSize: 16 * 1024,
        parts: 6,
        headerPairs: 20,
      },
    });
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
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
        const userId = request.userId!;
        const { fields, file } = await readUpload(request);
        const parsed = chatAttachmentUploadFields.safeParse(fields);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
          throw new AppError('VALIDATION_FAILED', 400, issues[0]?.message ?? 'Invalid form', issues);
        }
        await requireUploadRoom(deps, userId, parsed.data.room_id);
        if (!file) throw badRequest('CHAT_ATTACHMENT_MISSING', CHAT_MESSAGES.attachmentMissing);
        const fileName = cleanFileName(file.fileName);
        const type = sniffAttachment(file.body, fileName);
        if (!type) throw appError('CHAT_ATTACHMENT_TYPE');
        return chat.sendMessage(deps, userId, parsed.data, { body: file.body, fileName, ...type });
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
