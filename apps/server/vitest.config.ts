import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The Web Push tests' local push service answers TLS with a self-signed certificate, which the test
// processes trust beside any extra certificates already set (Node reads NODE_EXTRA_CA_CERTS once, when a
// process starts: here, before the test processes do).
const pushServiceCert = path.join(import.meta.dirname, 'test/fixtures/local-push-service.cert.pem');
const extraCerts = [process.env.NODE_EXTRA_CA_CERTS, pushServiceCert].filter(
  (file): file is string => Boolean(file) && fs.existsSync(file as string),
);
const bundle = path.join(os.tmpdir(), `leadcircle-test-extra-ca-${process.pid}.pem`);
fs.writeFileSync(bundle, extraCerts.map((file) => fs.readFileSync(file, 'utf8')).join('\n'));
process.env.NODE_EXTRA_CA_CERTS = bundle;

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
