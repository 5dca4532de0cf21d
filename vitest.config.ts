import { defineConfig } from 'vitest/config';

// `npm run test:unit` runs every workspace's Vitest suite; each has its own config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
