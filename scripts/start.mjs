// npm start: builds the web app when its build is missing or older than its sources, bundles the
// server (esbuild: its TypeScript and the shared package in one file, npm packages left to Node)
// when that bundle is missing or older than its sources, then runs the bundle in this process.
// Loading one prepared file instead of compiling every module at start keeps a start on an
// initialised data directory within a few seconds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

const serverBuildDir = path.join(root, 'apps/server/build');
const serverBundle = path.join(serverBuildDir, 'main.js');
const serverSources = ['apps/server/src', 'apps/server/package.json', 'packages/shared/src']
  .map((p) => path.join(root, p))
  .filter((p) => fs.existsSync(p));
const bundleIsStale =
  !fs.existsSync(serverBundle) || serverSources.some((p) => newestMtime(p) > fs.statSync(serverBundle).mtimeMs);

if (bundleIsStale) {
  console.log('Bundling the server…');
  const esbuild = await import('esbuild');
  fs.rmSync(serverBuildDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { main: path.join(root, 'apps/server/src/main.ts') },
    outdir: serverBuildDir,
    // What the code imports on first use (`await import(...)`: the S3 storage, Stripe, the ZIP table, …) is a
    // chunk of its own with its npm packages, so a start does not load them.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Only the workspace's own TypeScript goes in; npm packages load from node_modules as usual.
    plugins: [
      {
        name: 'npm-packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@leadcircle/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverBundle).href);
