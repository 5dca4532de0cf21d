// Draws the app's home-screen icons (the favicon's two rings, white on the brand blue) as PNG files in
// apps/web/public/icons: 192 and 512 px, and a maskable 512 px whose rings sit inside the middle 80 %
// that every launcher mask keeps. Run it again after changing the logo: `node scripts/make-app-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/icons');
const BLUE = [0x1f, 0x4f, 0xa3];
const WHITE = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA pixels → PNG. */
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) row.set(pixel(x + 0.5, y + 0.5), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The favicon's drawing (a 32-unit square: disc r 14, ring r 7 stroke 3), scaled; `scale` < 1 shrinks the logo. */
function icon(size, { maskable }) {
  const unit = size / 32;
  const logo = maskable ? 0.8 : 1;
  return png(size, (x, y) => {
    const d = Math.hypot(x - size / 2, y - size / 2) / unit / logo;
    const inDisc = maskable || d <= 14;
    if (!inDisc) return [0, 0, 0, 0];
    const onRing = Math.abs(d - 7) <= 1.5;
    return [...(onRing ? WHITE : BLUE), 255];
  });
}

fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'icon-192.png'), icon(192, { maskable: false }));
fs.writeFileSync(path.join(outDir, 'icon-512.png'), icon(512, { maskable: false }));
fs.writeFileSync(path.join(outDir, 'icon-maskable-512.png'), icon(512, { maskable: true }));
console.log(`Icons written to ${path.relative(root, outDir)}`);
