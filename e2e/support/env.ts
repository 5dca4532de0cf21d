import os from 'node:os';
import path from 'node:path';

// Shared by the config, the global setup and the tests (which run in other processes).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_JWT_SECRET = 'e2e-secret-used-only-by-the-browser-tests-0123456789';
export const E2E_MAIL_DIR = path.join(os.tmpdir(), `leadcircle-e2e-mail-${E2E_PORT}`);
