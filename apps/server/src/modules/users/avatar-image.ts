import { AVATAR_MAX_INPUT_PIXELS, AVATAR_SIZE } from '@leadcircle/shared';
import type { Metadata, SharpOptions } from 'sharp';
import { type AppError, appError, badRequest } from '../../http/errors.js';

// A profile picture is untrusted input: its type is read from its bytes (never from the name or the
// declared type), only JPEG, PNG, WebP and GIF are decoded, the pixel count is bounded before
// decoding (image bombs), and what is stored is a fresh 256×256 WebP with no metadata at all.

export const AVATAR_CONTENT_TYPE = 'image/webp';
export const AVATAR_EXTENSION = 'webp';

type PictureFormat = 'jpeg' | 'png' | 'gif' | 'webp';

// The image library (native) loads with the first picture, not at start.
const loadSharp = () => import('sharp').then((m) => m.default);

const unsupportedType = () => appError('AVATAR_UNSUPPORTED_TYPE');
const tooManyPixels = () => appError('AVATAR_TOO_MANY_PIXELS');
const unreadable = () => badRequest('AVATAR_UNREADABLE');

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The picture format its first bytes declare, before any decoder looks at it. */
export function sniffPictureFormat(bytes: Buffer): PictureFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

function decoderError(error: unknown): AppError {
  return /pixel limit/i.test(String((error as Error)?.message)) ? tooManyPixels() : unreadable();
}

/** Checks an uploaded picture and re-encodes it; throws an AppError (400, 413, 415) with the reason. */
export async function toAvatarPicture(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw badRequest('AVATAR_MISSING');
  const sniffed = sniffPictureFormat(input);
  if (!sniffed) throw unsupportedType();

  // The first frame only (animated GIF and WebP), decoding stops at the pixel limit.
  const options: SharpOptions = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', pages: 1 };
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    throw decoderError(error);
  }
  // The header must agree with the signature: no polyglot that one reader takes for another type.
  if (metadata.format !== sniffed) throw unsupportedType();
  const { width, height } = metadata;
  if (!width || !height) throw unreadable();
  if (width * height > AVATAR_MAX_INPUT_PIXELS) throw tooManyPixels();

  try {
    return await sharp(input, options)
      .rotate() // applies the camera's orientation before the metadata goes
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .timeout({ seconds: 10 })
      .toBuffer();
  } catch (error) {
    throw decoderError(error);
  }
}
