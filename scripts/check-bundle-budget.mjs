// The web app's first-load budgets, over the build's Vite manifest: the JavaScript a route needs
// before it can show (the entry, the route's lazy chunk, and every chunk they import statically),
// compressed as the server sends it (brotli; gzip printed beside it). Fails when a route is over.
// Run after `npm run build` (npm test does).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

// route → the source modules its first load starts from, and its budget in KB of compressed JS: 150 KB
// for the sign-in screen, most visitors' first load; 210 KB for a group's lead list, the usual signed-in
// first page, which keeps zod and the contract's schemas out of it (docs/decisions/performance.md, says
// what keeps each there). Never raise a budget to make room: move what the route does not need into a
// lazy chunk. `group:name` is a file of apps/web/build/first-page-groups.ts (the sign-in page and what it loads
// are `sign-in`; the signed-in frame `shell`; the group pages and the lead list `working`).
const BUDGETS = [
  { route: '/signin', modules: ['index.html', 'src/first-page.ts', 'group:sign-in'], maxKB: 150 },
  {
    route: '/groups/:group_id/leads (signed in)',
    modules: ['index.html', 'src/first-page.ts', 'group:shell', 'group:working'],
    maxKB: 210,
  },
];

if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(root, manifestFile)}: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** The files a module loads at once: its own chunk and its static imports, transitively. */
function firstLoad(key, files = new Set()) {
  const chunk = key.startsWith('group:')
    ? Object.entries(manifest).find(([k, c]) => k.startsWith('_') && c.name === key.slice('group:'.length))?.[1]
    : manifest[key];
  if (!chunk)
    throw new Error(`${key} is not in the Vite manifest: update BUDGETS in ${path.basename(import.meta.url)}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) firstLoad(imported, files);
  return files;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
let failed = false;
for (const { route, modules, maxKB } of BUDGETS) {
  const files = new Set();
  for (const key of modules) firstLoad(key, files);
  let brotli = 0;
  let gzip = 0;
  let raw = 0;
  for (const file of [...files].filter((f) => f.endsWith('.js'))) {
    const content = fs.readFileSync(path.join(dist, file));
    raw += content.length;
    brotli += zlib.brotliCompressSync(content).length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
  }
  const over = brotli / 1024 > maxKB;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${route}: ${kb(brotli)} KB brotli (${kb(gzip)} KB gzip, ${kb(raw)} KB raw) ` +
      `of JavaScript in ${files.size} files; budget ${maxKB} KB`,
  );
}
if (failed) {
  console.error('A route is over its first-load budget: move what it does not need into a lazy chunk.');
  process.exit(1);
}
