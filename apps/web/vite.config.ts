import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { muiWithoutCssVars } from './mui-without-css-vars';
import { precompress } from './precompress';

// The Fastify server serves the built app from dist/ and answers /api and /dev on the same origin.
const serverOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), muiWithoutCssVars(), precompress()],
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
  },
});
