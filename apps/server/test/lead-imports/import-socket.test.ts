import type { AddressInfo } from 'node:net';
import type { LeadImportProgressEvent } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLeadImports } from '../../src/modules/lead-imports/lead-imports.service.js';
import { type ClientSocket, connect, connected, record, sleep, until } from '../chat/socket-client.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { IMPORT_HEADER, importLine, uploadAndPreview } from '../lead-imports.js';
import { createTestApp, type TestApp } from '../test-app.js';

// An import's progress reaches the group's members over a real socket, and nobody else.

let t: TestApp;
let baseUrl: string;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function open(token: string) {
  const socket = connect(baseUrl, token);
  sockets.push(socket);
  await connected(socket);
  return record(socket, 'lead:import_progress') as LeadImportProgressEvent[];
}

describe('lead:import_progress', () => {
  it('arrives at the members of the group while the import runs, up to DONE; a stranger gets none', async () => {
    const x = await createGroupWithMembers(t);
    const lines = Array.from({ length: 1200 }, (_, i) => importLine({ Email: `sock${i}@import.example` }));
    const { importId } = await uploadAndPreview(
      t,
      x.member.token,
      x.group.groupId,
      `${IMPORT_HEADER}\n${lines.join('\n')}\n`,
    );
    const owner = await open(x.owner.token);
    const stranger = await open(x.stranger.token);
    expect((await post(t, '/lead/import/start', { import_id: importId }, { token: x.member.token })).status).toBe(200);
    await runLeadImports(t.deps);
    await until(() => owner.some((e) => e.import.status === 'DONE'), 10_000, 'the DONE event');
    expect(owner.every((e) => e.groupId === x.group.groupId && e.import.importId === importId)).toBe(true);
    expect(owner[0]!.import.status).toBe('QUEUED');
    expect(owner.at(-1)!.import).toMatchObject({
      status: 'DONE',
      doneRows: 1200,
      totalRows: 1200,
      importedCount: 1200,
    });
    await sleep(100);
    expect(stranger).toEqual([]);
  });
});
