import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // API tests by module in test/<module>/ (support files at the top of test/); small units beside their code.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One PostgreSQL (TEST_DATABASE_URL or embedded) with a migrated template; each file clones it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
