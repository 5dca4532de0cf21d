import crypto from 'node:crypto';
import { CHAT_MESSAGES, type ChatMessage } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { appError, badRequest, notFound } from '../../http/errors.js';
import { isActiveUser } from '../accounts/accounts.service.js';
import { cleanFileName, sniffAttachment } from './attachment-type.js';
import { isRoomMember, requireRoomMember } from './chat.access.js';
import * as q from './chat.queries.js';
import { ATTACHMENT_PATH_PREFIX, sendMessage } from './chat.service.js';

// Files sent in rooms are served to the room's members only: with the bearer token, or through a
// short-lived address signed for one member (for <img> and download links), checked again when used.

// A signed address works for 10 minutes.
export const ATTACHMENT_LINK_TTL_SECONDS = 10 * 60;

const attachmentNotFound = () => notFound('CHAT_ATTACHMENT_NOT_FOUND', CHAT_MESSAGES.attachmentNotFound);

export function createLinkSigner(secret: string) {
  const key = crypto.createHash('sha256').update(`chat-attachment-link:${secret}`).digest();
  const sign = (attachmentId: number, userId: number, exp: number) =>
    crypto.createHmac('sha256', key).update(`${attachmentId}.${userId}.${exp}`).digest('base64url');
  return {
    sign,
    verify(attachmentId: number, userId: number, exp: number, signature: string): boolean {
      const expected = Buffer.from(sign(attachmentId, userId, exp));
      const given = Buffer.from(signature);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;

/** The attachment for a member of its room; 404 for anyone else (no hint that it exists). */
async function requireAttachmentForMember(deps: AppDeps, userId: number, attachmentId: number) {
  const attachment = await q.findAttachment(deps.db, attachmentId);
  const room = attachment ? await q.findRoom(deps.db, attachment.roomId) : undefined;
  if (!attachment || !room || !(await isRoomMember(deps.db, userId, room))) throw attachmentNotFound();
  return attachment;
}

export async function attachmentLink(deps: AppDeps, signer: LinkSigner, userId: number, attachmentId: number) {
  await requireAttachmentForMember(deps, userId, attachmentId);
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + ATTACHMENT_LINK_TTL_SECONDS;
  const sig = signer.sign(attachmentId, userId, exp);
  return {
    url: `${ATTACHMENT_PATH_PREFIX}${attachmentId}?u=${userId}&exp=${exp}&sig=${sig}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

/** Who a signed address speaks for, when it is genuine and not expired. */
export async function userOfSignedLink(
  deps: AppDeps,
  signer: LinkSigner,
  attachmentId: number,
  query: { u?: string; exp?: string; sig?: string },
): Promise<number> {
  const userId = Number(query.u);
  const exp = Number(query.exp);
  const ok =
    Number.isInteger(userId) &&
    userId > 0 &&
    Number.isInteger(exp) &&
    typeof query.sig === 'string' &&
    exp * 1000 > deps.clock.now().getTime() &&
    signer.verify(attachmentId, userId, exp, query.sig) &&
    (await isActiveUser(deps, userId));
  if (!ok) throw appError('CHAT_ATTACHMENT_LINK_INVALID');
  return userId;
}

export async function readAttachment(deps: AppDeps, userId: number, attachmentId: number) {
  const attachment = await requireAttachmentForMember(deps, userId, attachmentId);
  const file = await deps.files.get(attachment.storageKey);
  if (!file) throw attachmentNotFound();
  return { ...attachment, body: file.body };
}

/**
 * A file sent to a room, with its optional text: the room first (404 to a non-member, file or not), then a
 * file whose bytes agree with its name.
 */
export async function sendAttachment(
  deps: AppDeps,
  userId: number,
  input: { room_id: number; message?: string; client_message_id?: string },
  file: { body: Buffer; fileName: string } | undefined,
): Promise<ChatMessage> {
  await requireRoomMember(deps.db, userId, input.room_id);
  if (!file) throw badRequest('CHAT_ATTACHMENT_MISSING', CHAT_MESSAGES.attachmentMissing);
  const fileName = cleanFileName(file.fileName);
  const type = sniffAttachment(file.body, fileName);
  if (!type) throw appError('CHAT_ATTACHMENT_TYPE');
  return sendMessage(deps, userId, input, { body: file.body, fileName, ...type });
}
