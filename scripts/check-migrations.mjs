// Fails when the Drizzle schema and the committed migrations have drifted apart:
// generates into a scratch copy of the migrations folder and looks for anything new.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'leadcircle-migrations-'));
fs.cpSync(path.join(server, 'drizzle'), scratch, { recursive: true });
const before = fs.readdirSync(scratch).sort();

const result = spawnSync(
  'npx',
  [
    'drizzle-kit',
    'generate',
    '--dialect',
    'postgresql',
    '--schema',
    './src/db/schema/index.ts',
    '--out',
    path.relative(server, scratch),
  ],
  { cwd: server, encoding: 'utf8' },
);
const added = fs.readdirSync(scratch).filter((f) => !before.includes(f));
fs.rmSync(scratch, { recursive: true, force: true });

// drizzle-kit can fail with exit code 0; it always prints one of these when it worked.
if (result.status !== 0 || !/No schema changes|Your SQL migration file/.test(result.stdout)) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
if (added.length > 0) {
  console.error(
    `The schema has changes without a migration (${added.join(', ')}). Run npm run db:generate and commit the result.`,
  );
  process.exit(1);
}
console.log('Migrations match the schema.');
