// npm start: builds the web app when its build is missing or older than its sources,
// then runs the server in this process (TypeScript through tsx).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// A .env file (see .env.example) is optional; the real environment wins over it.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
]
  .map((p) => path.join(root, p))
  .filter((p) => fs.existsSync(p));
const isStale = !fs.existsSync(builtIndex) || sources.some((p) => newestMtime(p) > fs.statSync(builtIndex).mtimeMs);

if (isStale && process.env.SKIP_WEB_BUILD !== 'true') {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@leadcircle/web'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
