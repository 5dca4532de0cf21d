import crypto from 'node:crypto';
import type { CurrentUser } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../http/errors.js';
import { consumeRateLimits, RATE_LIMITS } from '../../http/rate-limit.js';
import type { StoredFile } from '../../providers/files/file-storage.js';
import * as q from '../accounts/accounts.service.js';
import { AVATAR_CONTENT_TYPE, AVATAR_EXTENSION, toAvatarPicture } from './avatar-image.js';
import { presentUser } from './users.service.js';

// Profile pictures: one per user, stored under a new random name on every upload,
// so its address changes with it and browsers may cache each address for ever.

const pictureNotFound = () => notFound('AVATAR_NOT_FOUND');
const FILE_NAME = new RegExp(`^[A-Za-z0-9_-]{16,64}\\.${AVATAR_EXTENSION}$`);

const avatarKeyFor = (userId: number, fileName: string) => `avatars/${userId}/${fileName}`;

/** Counted before the upload is read: pictures cost CPU to decode. */
export async function allowAvatarUpload(deps: AppDeps, userId: number): Promise<void> {
  await consumeRateLimits(
    deps.db,
    [{ key: `avatar:user:${userId}`, rule: RATE_LIMITS.avatarUploadPerUser }],
    deps.clock.now(),
  );
}

async function deleteQuietly(deps: AppDeps, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await deps.files.delete(key);
  } catch (err) {
    // A leftover file costs a little space; the user's request has succeeded all the same.
    deps.log.warn({ err, key }, 'could not delete a replaced profile picture');
  }
}

async function setAvatarKey(deps: AppDeps, userId: number, key: string | null): Promise<CurrentUser> {
  const result = await deps.db.transaction((tx) => q.replaceAvatarKey(tx, userId, key));
  if (!result) {
    await deleteQuietly(deps, key);
    throw notFound('USER_NOT_FOUND');
  }
  if (result.previousKey !== key) await deleteQuietly(deps, result.previousKey);
  return presentUser(deps, result.row);
}

/** Checks and re-encodes the picture, stores it, then points the user at it. */
export async function uploadAvatar(deps: AppDeps, userId: number, upload: Buffer): Promise<CurrentUser> {
  const picture = await toAvatarPicture(upload);
  const key = avatarKeyFor(userId, `${crypto.randomBytes(18).toString('base64url')}.${AVATAR_EXTENSION}`);
  await deps.files.put(key, picture, AVATAR_CONTENT_TYPE);
  try {
    return await setAvatarKey(deps, userId, key);
  } catch (error) {
    await deleteQuietly(deps, key);
    throw error;
  }
}

export const removeAvatar = (deps: AppDeps, userId: number) => setAvatarKey(deps, userId, null);

/**
 * The erasure job: the picture goes with the rest of the personal data, and so does anything a failed
 * clean-up left in the user's folder. Files first: if storage fails, the job tries again next run.
 */
export async function deleteAvatarOf(deps: AppDeps, userId: number): Promise<void> {
  await deps.files.deleteFolder(`avatars/${userId}`);
  await deps.db.transaction((tx) => q.replaceAvatarKey(tx, userId, null));
}

/** The current picture of a visible user, by the address /user/get gave out; 404 for anything else. */
export async function readAvatar(deps: AppDeps, userIdParam: string, fileName: string): Promise<StoredFile> {
  if (!/^[1-9]\d{0,9}$/.test(userIdParam) || !FILE_NAME.test(fileName)) throw pictureNotFound();
  const userId = Number(userIdParam);
  const key = avatarKeyFor(userId, fileName);
  if ((await q.findVisibleAvatarKey(deps.db, userId)) !== key) throw pictureNotFound();
  const stored = await deps.files.get(key);
  if (!stored) throw pictureNotFound();
  return { body: stored.body, contentType: AVATAR_CONTENT_TYPE };
}
