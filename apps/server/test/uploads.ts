import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { TestApp } from './test-app.js';

// Pictures and multipart bodies for the avatar tests, made the way a browser or a camera would.

export interface UploadPart {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as browsers send it. */
export function multipartBody(parts: UploadPart[]) {
  const boundary = `----LeadCircleTest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/user/upload_avatar with one file in the field "file". */
export async function uploadAvatar(
  t: TestApp,
  token: string | undefined,
  file: { data: Buffer | string; filename?: string; contentType?: string },
) {
  const body = multipartBody([
    {
      name: 'file',
      filename: file.filename ?? 'me.png',
      contentType: file.contentType ?? 'image/png',
      data: file.data,
    },
  ]);
  return injectUpload(t, token, body.payload, body.contentType);
}

export async function injectUpload(t: TestApp, token: string | undefined, payload: Buffer, contentType: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/upload_avatar',
    payload,
    headers: { 'content-type': contentType, ...(token && { authorization: `Bearer ${token}` }) },
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

const solid = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } });

// Camera-style metadata that must not survive the re-encoding.
export const SECRET_EXIF = { IFD0: { Copyright: 'Secret Location 51.5N', ImageDescription: 'Taken at home' } };

export const pngWithMetadata = () => solid(640, 480).withExif(SECRET_EXIF).png().toBuffer();
export const jpegWithMetadata = () => solid(480, 800, '#cc6633').withExif(SECRET_EXIF).jpeg().toBuffer();
export const webpPicture = () => solid(300, 300, '#22aa55').webp().toBuffer();
export const gifPicture = () => solid(120, 90, '#aa2255').gif().toBuffer();

export const svgDisguisedAsPng = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" onload="alert(document.cookie)">' +
      '<script>fetch("/api/user/get")</script><rect width="256" height="256" fill="red"/></svg>',
  );

export const htmlDisguisedAsPng = () =>
  Buffer.from('<!doctype html><html><body><script>alert(localStorage.access_token)</script></body></html>');

/** A tiny valid PNG whose header declares 100,000 × 100,000 pixels (with a correct CRC). */
export async function pngDeclaringHugeDimensions(): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // Bytes 8..: length(4) "IHDR"(4) width(4) height(4) …; the CRC covers type and data (17 bytes).
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A real decompression bomb: a few tens of KB on the wire, 30 million pixels once decoded. */
export const compressedPngBomb = () => solid(6000, 5000, '#000000').png({ compressionLevel: 9 }).toBuffer();

/** Every file under DATA_DIR/uploads, relative to it. */
export function storedUploads(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}
