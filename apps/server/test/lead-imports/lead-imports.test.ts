import {
  GROUP_MESSAGES,
  type ImportRow,
  LEAD_IMPORT_MESSAGES,
  LEAD_MESSAGES,
  type LeadImport,
} from '@leadcircle/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadImportRows, leadImports, leads } from '../../src/db/schema/index.js';
import { runLeadImports } from '../../src/modules/lead-imports/lead-imports.service.js';
import { sendNotificationEmails } from '../../src/modules/notifications/mail.service.js';
import { createGroupWithMembers } from '../groups.js';
import { mailsTo, post } from '../helpers.js';
import { IMPORT_HEADER, importLine, uploadAndPreview, uploadFile } from '../lead-imports.js';
import { insertLead } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';

// CSV lead import: upload (encodings, separators, quotes, refusals), the review's dispositions against the
// lead rules and the group's leads, the job, undo, the errors file, and who may do each.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

async function rowsOf(
  token: string,
  importId: number,
  kind = 'ALL',
  page: { start_position?: number; get_next?: number } = {},
) {
  const res = await post(t, '/lead/import/rows', { import_id: importId, kind, ...page }, { token });
  expect(res.status).toBe(200);
  return res.body as { rows: ImportRow[]; totalCount: number };
}

async function leadCount(token: string, groupId: number) {
  const res = await post(t, '/lead/list', { group_id: groupId }, { token });
  return (res.body as { totalCount: number }).totalCount;
}

describe('upload', () => {
  it('reads a UTF-8 file with commas, quotes and line breaks in quoted fields, and matches the columns by header', async () => {
    const x = await createGroupWithMembers(t);
    const file = csv(
      'E-mail,Given Name,Surname,Job Title,Organisation,Mobile,Street Address,Town,Province,Postcode,Comments',
      'ana@acme.example,Ana,López,Buyer,"Acme, Inc.",(212) 555-0147,1 Main St,Springfield,IL,62704,"She said ""yes""\nnext line"',
      'bo@acme.example,Bo,Ek,CTO,Acme,,2 Main St,Springfield,IL,62704,',
    );
    const res = await uploadFile(t, x.member.token, { group_id: x.group.groupId, data: `\uFEFF${file}` });
    expect(res.status).toBe(200);
    expect(res.body!.import).toMatchObject({ status: 'DRAFT', rowCount: 2, fileName: 'leads.csv', canUndo: false });
    expect(res.body!.columns.map((c) => c.field)).toEqual([
      'EMAIL',
      'FIRST_NAME',
      'LAST_NAME',
      'TITLE',
      'COMPANY',
      'PHONE',
      'STREET',
      'CITY',
      'STATE',
      'ZIP',
      'NOTES',
    ]);
    expect(res.body!.columns[4]!.samples).toEqual(['Acme, Inc.', 'Acme']);
    expect(res.body!.columns[10]!.samples[0]).toBe('She said "yes"\nnext line');
    expect(res.body!.columns[2]!.samples[0]).toBe('López');
  });

  it("maps our own export's headers with no change", async () => {
    const x = await createGroupWithMembers(t);
    const res = await uploadFile(t, x.member.token, {
      group_id: x.group.groupId,
      data: csv('Id,First Name,Last Name,Email,Phone Number,Company,Title', '1,Ana,Lopez,a@b.example,,Acme,Buyer'),
    });
    expect(res.body!.columns.map((c) => c.field)).toEqual([
      null,
      'FIRST_NAME',
      'LAST_NAME',
      'EMAIL',
      'PHONE',
      'COMPANY',
      'TITLE',
    ]);
  });

  it('reads Windows-1252 bytes as Excel writes them (€, ’, —, é) and detects a semicolon separator', async () => {
    const x = await createGroupWithMembers(t);
    const text = 'First Name;Last Name;Company;Notes\r\nJosé;O’Brien;Café — Ünïon;Price 5 €\r\n';
    const bytes = iconv.encode(text, 'win1252');
    expect(bytes.includes(0x80)).toBe(true); // € is 0x80 in Windows-1252
    const res = await uploadFile(t, x.member.token, { group_id: x.group.groupId, data: bytes });
    expect(res.status).toBe(200);
    expect(res.body!.columns.map((c) => c.samples[0])).toEqual(['José', 'O’Brien', 'Café — Ünïon', 'Price 5 €']);
  });

  it('reads UTF-16 LE and BE with a BOM, tab separated', async () => {
    const x = await createGroupWithMembers(t);
    const text = '\uFEFFFirst Name\tLast Name\tCompany\r\nZoë\tŁukasz\tMüller & Co\r\n';
    for (const encoding of ['utf16le', 'utf16be']) {
      const bytes = iconv.encode(text, encoding === 'utf16le' ? 'utf16le' : 'utf16be');
      const res = await uploadFile(t, x.member.token, { group_id: x.group.groupId, data: bytes });
      expect(res.status, encoding).toBe(200);
      expect(res.body!.columns.map((c) => c.header)).toEqual(['First Name', 'Last Name', 'Company']);
      expect(res.body!.columns.map((c) => c.samples[0])).toEqual(['Zoë', 'Łukasz', 'Müller & Co']);
    }
  });

  it('reviews every row of a file over many read chunks in each encoding, its accents whole', async () => {
    const x = await createGroupWithMembers(t);
    // 1,500 rows of about 100 characters: several 64 KB chunks, so a character is split between two.
    const lines = Array.from({ length: 1500 }, (_, i) =>
      importLine({ 'First Name': 'Zoë', 'Last Name': `Müller—${i}`, Company: 'Café’s', Email: `z${i}@acme.example` }),
    );
    const text = `${IMPORT_HEADER}\r\n${lines.join('\r\n')}\r\n`;
    const files: [string, Buffer][] = [
      ['utf8', Buffer.from(`\uFEFF${text}`)],
      ['windows1252', iconv.encode(text, 'win1252')],
      ['utf16le', iconv.encode(`\uFEFF${text}`, 'utf16le')],
      ['utf16be', iconv.encode(`\uFEFF${text}`, 'utf16be')],
    ];
    for (const [encoding, bytes] of files) {
      const { importId, preview } = await uploadAndPreview(t, x.member.token, x.group.groupId, bytes);
      expect(preview, encoding).toMatchObject({ rowCount: 1500, newCount: 1500, errorCount: 0 });
      const last = await rowsOf(x.member.token, importId, 'ALL', { start_position: 1499, get_next: 1 });
      expect(last.rows[0], encoding).toMatchObject({
        rowNumber: 1500,
        firstName: 'Zoë',
        lastName: 'Müller—1499',
        company: 'Café’s',
      });
    }
  });

  it('refuses bad files with a clear 400 and stores nothing', async () => {
    const x = await createGroupWithMembers(t);
    const wide = Array.from({ length: 400 }, (_, i) => `c${i}`).join(',');
    const many = `${IMPORT_HEADER}\n${'a,b,c,d,e,f,g,h,i,j\n'.repeat(100_001)}`;
    const cases: [string, Buffer | string, string][] = [
      ['empty', '', LEAD_IMPORT_MESSAGES.empty],
      ['blank lines', '\r\n\r\n', LEAD_IMPORT_MESSAGES.empty],
      ['header only', `${IMPORT_HEADER}\r\n`, LEAD_IMPORT_MESSAGES.headerOnly],
      [
        'binary',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        LEAD_IMPORT_MESSAGES.binary,
      ],
      ['NUL byte', `${IMPORT_HEADER}\nAna\u0000,Lopez\n`, LEAD_IMPORT_MESSAGES.binary],
      ['400 columns', `${wide}\n${wide}\n`, LEAD_IMPORT_MESSAGES.tooManyColumns(1)],
      ['100,001 rows', many, LEAD_IMPORT_MESSAGES.tooManyRows],
      ['unclosed quote', `${IMPORT_HEADER}\n"Ana,Lopez\n`, LEAD_IMPORT_MESSAGES.unreadable(2)],
    ];
    for (const [name, data, message] of cases) {
      const res = await uploadFile(t, x.member.token, { group_id: x.group.groupId, data });
      expect({ name, status: res.status, message: res.body?.message }).toEqual({ name, status: 400, message });
    }
    const big = await uploadFile(t, x.member.token, {
      group_id: x.group.groupId,
      data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
    });
    expect(big.status).toBe(413);
    expect(big.body?.message).toBe(LEAD_IMPORT_MESSAGES.tooLarge);
    const list = await post(t, '/lead/import/list', { group_id: x.group.groupId }, { token: x.member.token });
    expect(list.body.totalCount).toBe(0);
  });

  it('refuses a missing file, a missing group and a body that is not multipart', async () => {
    const x = await createGroupWithMembers(t);
    expect((await uploadFile(t, x.member.token, { data: csv(IMPORT_HEADER, importLine()) })).status).toBe(400);
    const json = await post(t, '/lead/import/upload', { group_id: x.group.groupId }, { token: x.member.token });
    expect(json.status).toBe(415);
  });
});

describe('preview', () => {
  it('says of each row whether it is new, a duplicate of a lead or an earlier row, or an error with the form message and column', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    const existing = await insertLead(t, { groupId: g, createdBy: x.owner.user.id, emailKey: 'taken@acme.example' });
    const file = csv(
      IMPORT_HEADER,
      importLine({ Email: 'new@acme.example' }),
      importLine({ Email: 'Taken@Acme.example' }),
      importLine({ Email: 'twice@acme.example' }),
      importLine({ Email: 'TWICE@acme.example ' }),
      importLine({ 'First Name': '' }),
      importLine({ Phone: '12', Email: '' }),
      importLine({ Email: '', Phone: '' }),
      importLine({ 'Last Name': 'x'.repeat(60) }),
      importLine({ Street: '', City: '', State: '', ZIP: '' }),
    );
    const { importId, preview } = await uploadAndPreview(t, x.member.token, g, file);
    expect(preview).toMatchObject({ rowCount: 9, newCount: 2, duplicateCount: 2, errorCount: 5 });
    const { rows } = await rowsOf(x.member.token, importId);
    expect(rows.map((r) => r.kind)).toEqual([
      'NEW',
      'DUPLICATE',
      'NEW',
      'DUPLICATE',
      'ERROR',
      'ERROR',
      'ERROR',
      'ERROR',
      'ERROR',
    ]);
    expect(rows[1]!.duplicateOf).toMatchObject({ leadId: existing.id });
    expect(rows[1]!.duplicateOf!.ownerName).not.toBe('');
    expect(rows[3]!.duplicateOfRow).toBe(3);
    expect(rows[4]!.errors).toEqual([{ column: 'First Name', message: LEAD_MESSAGES.firstNameRequired }]);
    expect(rows[5]!.errors).toEqual([{ column: 'Phone', message: LEAD_MESSAGES.phoneInvalid }]);
    expect(rows[6]!.errors).toEqual([{ column: '', message: LEAD_MESSAGES.contactRequired }]);
    expect(rows[7]!.errors).toEqual([{ column: 'Last Name', message: LEAD_MESSAGES.tooLong(50) }]);
    expect(rows[8]!.errors).toEqual([{ column: '', message: LEAD_MESSAGES.addressRequired }]);
    const errorsOnly = await rowsOf(x.member.token, importId, 'ERROR');
    expect(errorsOnly.totalCount).toBe(5);
  });

  it('splits a full name, parses a one-line address, fills city and state from a ZIP, and turns a state name into its code', async () => {
    const x = await createGroupWithMembers(t);
    const file = csv(
      'Name,Email,Company,Position,Address,City,State,Zip Code',
      'Ana María Lopez,a1@x.example,Acme,Buyer,"12 Main St, Suite 4, Springfield, IL 62704",,,',
      '"Lopez, Bo",a2@x.example,Acme,Buyer,1 Elm St,,,90210',
      'Cy Ek,a3@x.example,Acme,Buyer,1 Oak St,Sacramento,California,95814',
    );
    const { importId, preview } = await uploadAndPreview(t, x.member.token, x.group.groupId, file);
    expect(preview).toMatchObject({ newCount: 3, errorCount: 0 });
    const { rows } = await rowsOf(x.member.token, importId);
    expect(rows.map((r) => [r.firstName, r.lastName, r.city, r.state])).toEqual([
      ['Ana María', 'Lopez', 'Springfield', 'IL'],
      ['Bo', 'Lopez', 'Beverly Hills', 'CA'],
      ['Cy', 'Ek', 'Sacramento', 'CA'],
    ]);
  });

  it('refuses a mapping with no name, a field twice, or a column the file lacks, and changes nothing', async () => {
    const x = await createGroupWithMembers(t);
    const up = await uploadFile(t, x.member.token, {
      group_id: x.group.groupId,
      data: csv(IMPORT_HEADER, importLine()),
    });
    const id = up.body!.import.importId;
    const bad = [
      [[{ index: 0, field: 'FIRST_NAME' }], LEAD_IMPORT_MESSAGES.mappingNoName],
      [
        [
          { index: 0, field: 'FIRST_NAME' },
          { index: 1, field: 'LAST_NAME' },
          { index: 2, field: 'EMAIL' },
          { index: 4, field: 'EMAIL' },
        ],
        LEAD_IMPORT_MESSAGES.mappingTwice('Email'),
      ],
      [[{ index: 99, field: 'FULL_NAME' }], LEAD_IMPORT_MESSAGES.mappingIndex(99)],
      [
        [
          { index: 0, field: 'FULL_NAME' },
          { index: 0, field: null },
        ],
        LEAD_IMPORT_MESSAGES.mappingColumnTwice(0),
      ],
    ] as const;
    for (const [mapping, message] of bad) {
      const res = await post(t, '/lead/import/preview', { import_id: id, mapping }, { token: x.member.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const get = await post(t, '/lead/import/get', { import_id: id }, { token: x.member.token });
    expect(get.body).toMatchObject({ newCount: 0, errorCount: 0, status: 'DRAFT' });
  });
});

describe('start, the job and undo', () => {
  it('imports the new rows with the importer as submitter, one activity, counts exact; skips duplicates by default', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    const file = csv(
      IMPORT_HEADER,
      importLine({ Email: 'one@acme.example', 'First Name': '=HYPERLINK("x")' }),
      importLine({ Email: 'two@acme.example' }),
      importLine({ Email: 'two@acme.example' }),
      importLine({ 'First Name': '' }),
    );
    const { importId } = await uploadAndPreview(t, x.member.token, g, file);
    const before = await leadCount(x.member.token, g);
    t.realtime.events.length = 0;
    const start = await post(t, '/lead/import/start', { import_id: importId }, { token: x.member.token });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ status: 'QUEUED', totalRows: 4, doneRows: 0 });
    await runLeadImports(t.deps);
    const done = (await post(t, '/lead/import/get', { import_id: importId }, { token: x.member.token }))
      .body as LeadImport;
    expect(done).toMatchObject({ status: 'DONE', doneRows: 4, importedCount: 2, skippedCount: 2, canUndo: true });
    expect(await leadCount(x.member.token, g)).toBe(before + 2);
    const list = await post(t, '/lead/list', { group_id: g }, { token: x.owner.token });
    const names = list.body.leads.map((l: { firstName: string; createdBy: number }) => [l.firstName, l.createdBy]);
    expect(names).toContainEqual(['=HYPERLINK("x")', x.member.user.id]);
    // Progress reached the group's room, and the last event says it is done.
    const progress = t.realtime.events.filter((e) => e.event === 'lead:import_progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.rooms).toEqual([`group:${g}`]);
    expect((progress.at(-1)!.data as { import: LeadImport }).import.status).toBe('DONE');
    const feed = await post(t, '/activity/group', { group_id: g }, { token: x.owner.token });
    const imported = feed.body.activities.filter((a: { type: string }) => a.type === 'LEADS_IMPORTED');
    expect(imported).toHaveLength(1);
    expect(feed.body.activities.filter((a: { type: string }) => a.type === 'NEW_LEAD')).toHaveLength(0);
    expect(imported[0].data.leadsImported.leadCount).toBe(2);
    // One e-mail to each other member saying the same, not one per lead.
    await sendNotificationEmails(t.deps);
    const mails = await mailsTo(t, x.owner.user.email);
    const about = mails.filter((m) => m.text.includes('imported 2 leads'));
    expect(about).toHaveLength(1);
    expect(mails.filter((m) => m.text.includes('submitted the lead'))).toHaveLength(0);
  });

  it('imports duplicates too when asked', async () => {
    const x = await createGroupWithMembers(t);
    const file = csv(IMPORT_HEADER, importLine({ Email: 'd@acme.example' }), importLine({ Email: 'd@acme.example' }));
    const { importId } = await uploadAndPreview(t, x.member.token, x.group.groupId, file);
    await post(t, '/lead/import/start', { import_id: importId, duplicates: 'IMPORT' }, { token: x.member.token });
    await runLeadImports(t.deps);
    const done = await post(t, '/lead/import/get', { import_id: importId }, { token: x.member.token });
    expect(done.body).toMatchObject({ importedCount: 2, skippedCount: 0, duplicates: 'IMPORT' });
  });

  it('keeps only the number of a new row and reads its lead from the file again for the review and the job', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    // Past two bookmarks of the file (one every 1,000 rows), a duplicate and an error among them.
    const lines = Array.from({ length: 2500 }, (_, i) =>
      importLine({ 'First Name': 'Zoë', 'Last Name': `Row${i + 1}`, Email: `row${i + 1}@bookmark.example` }),
    );
    lines[1999] = importLine({ Email: 'row1@bookmark.example' });
    lines[2199] = importLine({ 'First Name': '' });
    const { importId, preview } = await uploadAndPreview(t, x.member.token, g, csv(IMPORT_HEADER, ...lines));
    expect(preview).toMatchObject({ newCount: 2498, duplicateCount: 1, errorCount: 1 });
    const stored = await t.db
      .select({ kind: leadImportRows.kind, withLead: sql<number>`count(*) filter (where lead is not null)::int` })
      .from(leadImportRows)
      .where(eq(leadImportRows.importId, importId))
      .groupBy(leadImportRows.kind);
    expect(Object.fromEntries(stored.map((r) => [r.kind, r.withLead]))).toEqual({ NEW: 0, DUPLICATE: 1, ERROR: 1 });
    const page = await rowsOf(x.member.token, importId, 'ALL', { start_position: 1998, get_next: 4 });
    expect(page.rows.map((r) => [r.rowNumber, r.kind, r.lastName])).toEqual([
      [1999, 'NEW', 'Row1999'],
      [2000, 'DUPLICATE', expect.stringMatching(/^Lopez/)],
      [2001, 'NEW', 'Row2001'],
      [2002, 'NEW', 'Row2002'],
    ]);
    const newRows = await rowsOf(x.member.token, importId, 'NEW', { start_position: 2496, get_next: 5 });
    expect(newRows.rows.map((r) => [r.rowNumber, r.firstName, r.email])).toEqual([
      [2499, 'Zoë', 'row2499@bookmark.example'],
      [2500, 'Zoë', 'row2500@bookmark.example'],
    ]);

    await post(t, '/lead/import/start', { import_id: importId }, { token: x.member.token });
    await runLeadImports(t.deps);
    const done = await post(t, '/lead/import/get', { import_id: importId }, { token: x.member.token });
    expect(done.body).toMatchObject({ status: 'DONE', importedCount: 2498, skippedCount: 2 });
    const created = await t.db
      .select({ lastName: leads.lastName, email: leads.email, firstName: leads.firstName })
      .from(leadImportRows)
      .innerJoin(leads, eq(leads.id, leadImportRows.leadId))
      .where(and(eq(leadImportRows.importId, importId), inArray(leadImportRows.rowNumber, [1, 1001, 2001, 2500])))
      .orderBy(leadImportRows.rowNumber);
    expect(created).toEqual(
      [1, 1001, 2001, 2500].map((n) => ({ firstName: 'Zoë', lastName: `Row${n}`, email: `row${n}@bookmark.example` })),
    );
  });

  it('skips a new row that no longer passes the check when the job reads it, and imports the others', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    const file = csv(IMPORT_HEADER, importLine({ 'First Name': 'Kai' }), importLine({ 'First Name': 'Ivo' }));
    const { importId, preview } = await uploadAndPreview(t, x.member.token, g, file);
    expect(preview).toMatchObject({ newCount: 2, errorCount: 0 });
    // What the review saw no longer holds when the job reads the file (as when the rules change between the
    // two): the second row's first name is now blank, at the same length so the bookmarks still hold.
    await t.db
      .update(leadImports)
      .set({ file: Buffer.from(file.replace('\r\nIvo,', '\r\n   ,')) })
      .where(eq(leadImports.id, importId));
    await post(t, '/lead/import/start', { import_id: importId }, { token: x.member.token });
    await runLeadImports(t.deps);
    const done = await post(t, '/lead/import/get', { import_id: importId }, { token: x.member.token });
    expect(done.body).toMatchObject({ status: 'DONE', doneRows: 2, importedCount: 1, skippedCount: 1 });
    const created = await t.db
      .select({ rowNumber: leadImportRows.rowNumber, firstName: leads.firstName })
      .from(leadImportRows)
      .innerJoin(leads, eq(leads.id, leadImportRows.leadId))
      .where(eq(leadImportRows.importId, importId));
    expect(created).toEqual([{ rowNumber: 1, firstName: 'Kai' }]);
  });

  it('runs one import per group at a time: a second start is refused with 409', async () => {
    const x = await createGroupWithMembers(t);
    const a = await uploadAndPreview(t, x.member.token, x.group.groupId, csv(IMPORT_HEADER, importLine()));
    const b = await uploadAndPreview(t, x.owner.token, x.group.groupId, csv(IMPORT_HEADER, importLine()));
    expect((await post(t, '/lead/import/start', { import_id: a.importId }, { token: x.member.token })).status).toBe(
      200,
    );
    const second = await post(t, '/lead/import/start', { import_id: b.importId }, { token: x.owner.token });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'LEAD_IMPORT_RUNNING', message: LEAD_IMPORT_MESSAGES.running });
    const again = await post(t, '/lead/import/start', { import_id: a.importId }, { token: x.member.token });
    expect(again.status).toBe(409);
    await runLeadImports(t.deps);
    expect((await post(t, '/lead/import/start', { import_id: b.importId }, { token: x.owner.token })).status).toBe(200);
    await runLeadImports(t.deps);
  });

  it('undo removes the untouched leads and keeps those someone worked on, by reason; only its runner or the owner', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    const lines = Array.from({ length: 5 }, () => importLine());
    const { importId } = await uploadAndPreview(t, x.member.token, g, csv(IMPORT_HEADER, ...lines));
    const before = await leadCount(x.owner.token, g);
    const notDone = await post(t, '/lead/import/undo', { import_id: importId }, { token: x.member.token });
    expect(notDone.status).toBe(409);
    await post(t, '/lead/import/start', { import_id: importId }, { token: x.member.token });
    await runLeadImports(t.deps);
    const list = await post(t, '/lead/list', { group_id: g }, { token: x.member.token });
    const ids = (list.body.leads as { leadId: number; createdBy: number; lastName: string }[])
      .filter((l) => l.createdBy === x.member.user.id)
      .map((l) => l.leadId);
    expect(ids).toHaveLength(5);
    // The owner rates one, comments on another, takes a third.
    expect(
      (await post(t, '/rating/quality/rate', { lead_id: ids[0], rating: 4 }, { token: x.owner.token })).status,
    ).toBe(200);
    const room = await post(t, '/lead/get', { lead_id: ids[1] }, { token: x.owner.token });
    const sent = await post(
      t,
      '/chat/message/send',
      { room_id: room.body.roomId, message: 'Called them' },
      { token: x.owner.token },
    );
    expect(sent.status).toBe(200);
    const assigned = await post(
      t,
      '/lead/assign',
      { group_id: g, lead_id: ids[2], user_id: x.owner.user.id },
      { token: x.owner.token },
    );
    expect(assigned.status).toBe(200);

    const stranger = await post(t, '/lead/import/undo', { import_id: importId }, { token: x.stranger.token });
    expect(stranger.status).toBe(403);
    const undo = await post(t, '/lead/import/undo', { import_id: importId }, { token: x.owner.token });
    expect(undo.status).toBe(200);
    expect(undo.body.import).toMatchObject({ status: 'UNDONE', undoneCount: 2, keptCount: 3, canUndo: false });
    expect(undo.body.kept).toEqual([
      { reason: 'RATED', count: 1 },
      { reason: 'COMMENTED', count: 1 },
      { reason: 'ASSIGNED', count: 1 },
    ]);
    expect(await leadCount(x.owner.token, g)).toBe(before + 3);
    const twice = await post(t, '/lead/import/undo', { import_id: importId }, { token: x.owner.token });
    expect(twice.status).toBe(409);
  });

  it('another member who did not run it cannot undo it', async () => {
    const x = await createGroupWithMembers(t);
    const { importId } = await uploadAndPreview(t, x.owner.token, x.group.groupId, csv(IMPORT_HEADER, importLine()));
    await post(t, '/lead/import/start', { import_id: importId }, { token: x.owner.token });
    await runLeadImports(t.deps);
    const get = await post(t, '/lead/import/get', { import_id: importId }, { token: x.member.token });
    expect(get.body.canUndo).toBe(false);
    const res = await post(t, '/lead/import/undo', { import_id: importId }, { token: x.member.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(LEAD_IMPORT_MESSAGES.undoNotAllowed);
  });
});

describe('the errors file', () => {
  it('answers the rows with errors with an extra Error column, formula-safe', async () => {
    const x = await createGroupWithMembers(t);
    const file = csv(IMPORT_HEADER, importLine(), importLine({ 'First Name': '', Company: '=1+2' }));
    const { importId } = await uploadAndPreview(t, x.member.token, x.group.groupId, file);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/lead/import/errors?import_id=${importId}`,
      headers: { authorization: `Bearer ${x.member.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(`${IMPORT_HEADER},Error`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=1+2");
    expect(lines[1]).toContain(`First Name: ${LEAD_MESSAGES.firstNameRequired}`);
  });
});

describe('who may', () => {
  it('refuses a stranger, a former member and anyone signed out at every step, and hides drafts of others', async () => {
    const x = await createGroupWithMembers(t);
    const g = x.group.groupId;
    const leaver = await createGroupWithMembers(t);
    const { importId } = await uploadAndPreview(t, x.member.token, g, csv(IMPORT_HEADER, importLine()));
    const notMember = { code: 'GROUP_NOT_MEMBER', message: GROUP_MESSAGES.notMember };
    const calls: [string, Record<string, unknown>][] = [
      ['/lead/import/preview', { import_id: importId, mapping: [{ index: 0, field: 'FULL_NAME' }] }],
      ['/lead/import/rows', { import_id: importId }],
      ['/lead/import/start', { import_id: importId }],
      ['/lead/import/get', { import_id: importId }],
      ['/lead/import/undo', { import_id: importId }],
      ['/lead/import/list', { group_id: g }],
    ];
    for (const [path, body] of calls) {
      const res = await post(t, path, body, { token: x.stranger.token });
      expect({ path, status: res.status, body: res.body }).toMatchObject({ path, status: 403, body: notMember });
      expect((await post(t, path, body)).status).toBe(401);
    }
    const upload = await uploadFile(t, x.stranger.token, { group_id: g, data: csv(IMPORT_HEADER, importLine()) });
    expect(upload.status).toBe(403);
    expect((await uploadFile(t, undefined, { group_id: g, data: 'a' })).status).toBe(401);
    const errors = await t.app.inject({
      method: 'GET',
      url: `/api/lead/import/errors?import_id=${importId}`,
      headers: { authorization: `Bearer ${x.stranger.token}` },
    });
    expect(errors.statusCode).toBe(403);

    // A former member: ran an import, then left the group.
    const own = await uploadAndPreview(t, leaver.member.token, leaver.group.groupId, csv(IMPORT_HEADER, importLine()));
    const left = await post(
      t,
      '/group/remove',
      { group_id: leaver.group.groupId, user_id: leaver.member.user.id },
      { token: leaver.member.token },
    );
    expect(left.status).toBe(200);
    const after = await post(t, '/lead/import/get', { import_id: own.importId }, { token: leaver.member.token });
    expect(after.status).toBe(403);

    // Another member's draft is not theirs to see or start.
    const other = await post(t, '/lead/import/get', { import_id: importId }, { token: x.owner.token });
    expect(other.status).toBe(404);
    const list = await post(t, '/lead/import/list', { group_id: g }, { token: x.owner.token });
    expect(list.body.totalCount).toBe(0);
    const missing = await post(t, '/lead/import/get', { import_id: 999999 }, { token: x.owner.token });
    expect(missing.body).toMatchObject({ code: 'LEAD_IMPORT_NOT_FOUND' });
  });
});
