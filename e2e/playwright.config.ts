import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './support/env.js';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the built app
// served by `npm start`'s own path, on an embedded PostgreSQL, with e-mail going to an in-process SMTP server.
export default defineConfig({
  testDir: './tests',
  // One folder per port: a run empties its output folder first, so runs side by side (E2E_PORT) keep apart.
  outputDir: `./test-results/${E2E_PORT}`,
  globalSetup: './support/global-setup.ts',
  // Two cores: the server and one browser at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
