import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { OutputChunk, RolldownOutput } from 'rolldown';
import { build, defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_PAGE_ENTRY, firstPageChunks } from './build/first-page-chunks';
import { type Area, areasOfModules, firstPageGroups } from './build/first-page-groups';
import { muiWithoutCssVars } from './build/mui-without-css-vars';
import { precompress } from './build/precompress';
import { webAppManifest } from './build/web-app-manifest';

// The Fastify server serves the built app from dist/ and answers /api and /dev on the same origin.
const serverOrigin = 'http://localhost:3000';
const SOCKET_IO_BROWSER_BUNDLE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('socket.io-client/package.json')),
  'dist/socket.io.esm.min.js',
);
// Set in the first of the build's two passes (build/first-page-groups.ts).
const FIRST_PASS = 'LEADCIRCLE_BUILD_FIRST_PASS';

/** The first pass: the app split as the bundler likes, kept in memory, to learn which areas load each module. */
async function firstPassAreas(): Promise<Map<string, Area>> {
  process.env[FIRST_PASS] = '1';
  try {
    const result = (await build({
      configFile: path.join(import.meta.dirname, 'vite.config.ts'),
      logLevel: 'warn',
      build: { write: false },
    })) as RolldownOutput | RolldownOutput[];
    const outputs = Array.isArray(result) ? result : [result];
    const chunks = outputs.flatMap((o) => o.output).filter((c): c is OutputChunk => c.type === 'chunk');
    return areasOfModules(import.meta.dirname, chunks);
  } finally {
    delete process.env[FIRST_PASS];
  }
}

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  const firstPass = process.env[FIRST_PASS] === '1';
  const areas = command === 'build' && !firstPass ? await firstPassAreas() : undefined;
  return {
    plugins: [
      react(),
      muiWithoutCssVars(),
      ...(firstPass
        ? []
        : [
            firstPageChunks(),
            // The manifest and the service worker (src/sw.ts, with the built files' list injected).
            // main.tsx registers it after the first paint: no script is injected into index.html.
            VitePWA({
              strategies: 'injectManifest',
              srcDir: 'src',
              filename: 'sw.ts',
              registerType: 'prompt',
              injectRegister: false,
              manifest: webAppManifest,
              includeAssets: ['favicon.svg'],
              injectManifest: {
                globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
                globIgnores: ['**/*.map'],
                // The app's largest chunks (maps, charts) are over Workbox's 2 MB default in raw bytes.
                maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
              },
              devOptions: { enabled: false },
            }),
            precompress(),
          ]),
    ],
    resolve: {
      // Socket.IO's own browser bundle (one flat module), loaded when the realtime channel opens. Its
      // modules, bundled here, need the bundler's namespace helpers, which then became a file of their
      // own on every page.
      alias: { 'socket.io-client': SOCKET_IO_BROWSER_BUNDLE },
    },
    server: {
      proxy: {
        '/api': serverOrigin,
        '/dev': serverOrigin,
        // The realtime channel (Socket.IO, WebSocket upgrade included).
        '/socket.io': { target: serverOrigin, ws: true },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each route loads (scripts/check-bundle-budget.mjs).
      manifest: true,
      rolldownOptions: {
        // The first page's preloader (build/first-page-chunks.ts) is an entry of its own, added to index.html.
        input: { index: 'index.html', 'first-page': FIRST_PAGE_ENTRY },
        output: {
          codeSplitting: {
            groups: [
              // Everything the entry loads at once goes in one file: on a phone each further request costs a
              // round trip (Lighthouse's mobile profile: 150 ms), and the entry's own deps were 16 files. The
              // preloader stays alone and small.
              { name: 'initial', tags: ['$initial'], test: (id) => !id.endsWith(FIRST_PAGE_ENTRY), priority: 10 },
              // Then one file per first-page area.
              ...(areas ? firstPageGroups(areas) : []),
            ],
          },
        },
      },
    },
  };
});
