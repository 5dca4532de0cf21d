import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { FIRST_PAGE_ENTRY, firstPageChunks } from './first-page-chunks';
import { muiWithoutCssVars } from './mui-without-css-vars';
import { precompress } from './precompress';

// The Fastify server serves the built app from dist/ and answers /api and /dev on the same origin.
const serverOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), muiWithoutCssVars(), firstPageChunks(), precompress()],
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
      // The first page's preloader (first-page-chunks.ts) is an entry of its own, added to index.html.
      input: { index: 'index.html', 'first-page': FIRST_PAGE_ENTRY },
      output: {
        // Everything the entry loads at once goes in one file: on a phone each further request costs a
        // round trip (Lighthouse's mobile profile: 150 ms), and the entry's own deps were 16 files. The
        // preloader stays alone and small.
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'], test: (id) => !id.endsWith(FIRST_PAGE_ENTRY) }],
        },
      },
    },
  },
});
