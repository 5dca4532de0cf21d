import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import check keeps every table to its owner (apps/server/src/db/table-owners.ts): a module that names
// another module's table, in a Drizzle import or in SQL, turns `npm run check:imports` red.

const repo = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(repo, 'scripts/check-imports.mjs');

function check(root?: string) {
  const run = spawnSync(process.execPath, [script, ...(root ? ['--root', root] : [])], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

let scratch: string;
// The scratch modules' path to db/ (spelt so that the check, reading this file, sees no import of it).
const db = '../../db';

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'table-owners-'));
  fs.cpSync(path.join(repo, 'apps/server/src'), path.join(scratch, 'apps/server/src'), { recursive: true });
});

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Checks the scratch copy with one file added (or replaced), then puts the copy back as it was. */
function checkWith(file: string, source: string) {
  const target = path.join(scratch, file);
  const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
  fs.writeFileSync(target, source);
  try {
    return check(scratch);
  } finally {
    if (before === undefined) fs.rmSync(target);
    else fs.writeFileSync(target, before);
  }
}

describe('check:imports keeps tables to their owners', () => {
  it('passes on the real tree, and on its scratch copy', () => {
    expect(check()).toMatchObject({ status: 0 });
    expect(check(scratch)).toMatchObject({ status: 0 });
  });

  it("refuses a module reading another module's table in an SQL template", () => {
    const file = 'apps/server/src/modules/chat/scratch.queries.ts';
    const { status, output } = checkWith(
      file,
      `import { sql } from 'drizzle-orm';
import type { DbOrTx } from '${db}/client.js';

export const leadNames = (db: DbOrTx, groupId: number) =>
  db.execute(sql\`select first_name from leads where group_id = \${groupId}\`);
`,
    );
    expect(status).toBe(1);
    expect(output).toContain(`${file} names table leads, owned by leads`);
  });

  it("refuses a module reading another module's table in a plain SQL string", () => {
    const file = 'apps/server/src/modules/territories/scratch.queries.ts';
    const { status, output } = checkWith(
      file,
      `import type { DbOrTx } from '${db}/client.js';

export const everyMembership = (db: DbOrTx) => db.execute('select group_id, user_id from group_members');
`,
    );
    expect(status).toBe(1);
    expect(output).toContain(`${file} names table group_members, owned by groups`);
  });

  it("refuses a module importing another module's table object from db/schema", () => {
    const file = 'apps/server/src/modules/leads/scratch.queries.ts';
    const { status, output } = checkWith(
      file,
      `import { eq } from 'drizzle-orm';
import type { DbOrTx } from '${db}/client.js';
import { chatMessages } from '${db}/schema/index.js';

export const messagesOf = (db: DbOrTx, roomId: number) =>
  db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
`,
    );
    expect(status).toBe(1);
    expect(output).toContain(`${file} names table chat_messages, owned by chat`);
  });

  it('refuses a lower layer naming a module table, and lets a module read a public face', () => {
    const layerFile = 'apps/server/src/activity/scratch.ts';
    const layer = checkWith(
      layerFile,
      `import { sql } from 'drizzle-orm';

export const members = sql\`select user_id from group_members\`;
`,
    );
    expect(layer.status).toBe(1);
    expect(layer.output).toContain(`${layerFile} names table group_members, owned by groups`);

    const face = checkWith(
      'apps/server/src/modules/chat/scratch.queries.ts',
      `import { sql } from 'drizzle-orm';

export const members = sql\`select user_id from public_group_members\`;
`,
    );
    expect(face).toMatchObject({ status: 0 });
  });

  it('refuses a write through a public face', () => {
    const file = 'apps/server/src/modules/chat/scratch.queries.ts';
    const { status, output } = checkWith(
      file,
      `import { sql } from 'drizzle-orm';

export const rename = sql\`update public_groups set name = 'x'\`;
`,
    );
    expect(status).toBe(1);
    expect(output).toContain(`${file} writes public_groups, a public face of groups`);
  });

  it('refuses a table without an owner', () => {
    const file = 'apps/server/src/db/schema/scratch.ts';
    const { status, output } = checkWith(
      file,
      `import { pgTable, serial } from 'drizzle-orm/pg-core';

export const scratchNotes = pgTable('scratch_notes', { id: serial('id').primaryKey() });
`,
    );
    expect(status).toBe(1);
    expect(output).toContain('table scratch_notes has no owner');
  });
});
