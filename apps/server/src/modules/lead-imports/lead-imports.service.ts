import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import {
  csvRow,
  type IMPORT_KEPT_REASONS,
  type ImportRow,
  LEAD_IMPORT_MESSAGES,
  type LeadImport,
  type leadImportListRequest,
  type leadImportPreviewRequest,
  type leadImportRowsRequest,
  type leadImportStartRequest,
  leadMatchKeys,
  matchImportColumns,
  normalizePhone,
  SERVER_EVENTS,
} from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { activityData } from '../../activity/activity-recorder.js';
import type { AppDeps } from '../../app-deps.js';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { groupRoom } from '../../realtime/rooms.js';
import { displayName } from '../accounts/accounts.service.js';
import { requireGroupMember } from '../groups/groups.access.js';
import {
  createImportedLeads,
  findLeadsByMatchKeys,
  type ImportedLeadFields,
  type KeptReason,
  type KeyMatch,
  removeUntouchedLeads,
} from '../leads/leads.service.js';
import { readDataRows, type StoredFile, summarizeFile } from './csv-file.js';
import * as q from './lead-imports.queries.js';
import { checkMapping, checkRow, type Mapping } from './row-check.js';

// CSV lead imports: upload → preview (what each row becomes against the group now) → start (a
// background job creating the leads in batches, resumable) → undo. Members of the group only.

/** Rows checked per duplicate probe, and leads created per transaction by the job. */
export const PREVIEW_BATCH = 1000;
export const IMPORT_BATCH = 500;
/** Progress events of one import at most this often (the last one always goes). */
const PROGRESS_INTERVAL_MS = 250;
const FILE_NAME_MAX = 255;

const importNotFound = () => notFound('LEAD_IMPORT_NOT_FOUND');
const roundedMs = (spent: Record<string, number>) =>
  Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)]));

function toLeadImport(v: q.LeadImportView, canUndo: boolean): LeadImport {
  return {
    importId: v.id,
    groupId: v.groupId,
    fileName: v.fileName,
    status: v.status,
    createdBy: v.createdBy,
    createdByName: displayName(v.creatorFirstName, v.creatorLastName, v.creatorHidden),
    createdAt: v.createdAt.toISOString(),
    finishedAt: v.finishedAt?.toISOString() ?? null,
    rowCount: v.rowCount,
    newCount: v.newCount,
    duplicateCount: v.duplicateCount,
    errorCount: v.errorCount,
    duplicates: v.duplicates,
    doneRows: v.doneRows,
    totalRows: v.totalRows,
    importedCount: v.importedCount,
    skippedCount: v.skippedCount,
    undoneCount: v.undoneCount,
    keptCount: v.keptCount,
    canUndo,
  };
}

const mayUndo = (v: q.LeadImportView, userId: number, isGroupOwner: boolean) =>
  v.status === 'DONE' && (v.createdBy === userId || isGroupOwner);

/**
 * The import and the caller's membership of its group: 404 when it does not exist or is another
 * member's draft, 403 GROUP_NOT_MEMBER to anyone outside its group (former members too).
 */
async function requireImportMember(db: DbOrTx, importId: number, userId: number) {
  const view = await q.findImportView(db, importId);
  if (!view) throw importNotFound();
  const { member } = await requireGroupMember(db, view.groupId, userId);
  if (view.status === 'DRAFT' && view.createdBy !== userId) throw importNotFound();
  return { view, isGroupOwner: member.role === 'OWNER' };
}

async function presentImport(db: DbOrTx, importId: number, userId: number): Promise<LeadImport> {
  const { view, isGroupOwner } = await requireImportMember(db, importId, userId);
  return toLeadImport(view, mayUndo(view, userId, isGroupOwner));
}

function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: file names arrive with anything in them
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return (clean || 'leads.csv').slice(0, FILE_NAME_MAX);
}

/** The upload: the file read once (encoding, separator, limits), stored, and its columns matched by header. */
export async function uploadImport(deps: AppDeps, userId: number, groupId: number, file: UploadedFile) {
  await requireGroupMember(deps.db, groupId, userId);
  const summary = await summarizeFile(file.body);
  const importId = await q.insertImport(deps.db, {
    groupId,
    createdBy: userId,
    fileName: cleanFileName(file.fileName),
    file: file.body,
    encoding: summary.encoding,
    separator: summary.separator,
    headers: summary.headers,
    rowCount: summary.rowCount,
    bookmarks: summary.bookmarks,
    createdAt: deps.clock.now(),
  });
  const fields = matchImportColumns(summary.headers);
  return {
    import: await presentImport(deps.db, importId, userId),
    columns: summary.headers.map((header, index) => ({
      index,
      header,
      samples: summary.samples.map((row) => row[index] ?? ''),
      field: fields[index] ?? null,
    })),
  };
}

type KeyKind = 'emailKey' | 'phoneKey' | 'linkedinKey' | 'nameKey';
const KEY_KINDS: KeyKind[] = ['emailKey', 'phoneKey', 'linkedinKey', 'nameKey'];

interface PendingRow {
  rowNumber: number;
  cells: string[];
  lead: ImportedLeadFields;
  errors: { column: string; message: string }[];
}

function keysOf(lead: ImportedLeadFields) {
  return leadMatchKeys({
    firstName: lead.first_name,
    lastName: lead.last_name,
    company: lead.company,
    email: lead.email,
    phone: lead.phone ? normalizePhone(lead.phone) : null,
    linkedin: lead.linkedin,
  });
}

/**
 * The leads of new rows, read from the import's file again through the preview's own check (the preview
 * stores a new row's number only). Reads forward from the bookmark before the first row asked for, so
 * the job's batches, asked in order, read the file once.
 */
class NewRowLeads {
  private rows: AsyncGenerator<{ rowNumber: number; cells: string[] }> | undefined;
  private position = 0;

  private constructor(
    private readonly file: StoredFile,
    private readonly mapping: Mapping,
    private readonly headers: string[],
  ) {}

  static async open(db: DbOrTx, imp: { id: number; headers: string[]; mapping: q.LeadImportRecord['mapping'] }) {
    const file = (await q.findImportFile(db, imp.id))!;
    return new NewRowLeads(file, checkMapping(imp.mapping ?? [], imp.headers.length), imp.headers);
  }

  /** The lead of each row asked for (ascending numbers); none for a row that no longer passes the check. */
  async leadsOf(rowNumbers: number[]): Promise<Map<number, ImportedLeadFields>> {
    const leads = new Map<number, ImportedLeadFields>();
    for (const wanted of rowNumbers) {
      if (!this.rows || this.position >= wanted) {
        await this.close();
        this.rows = readDataRows(this.file, wanted);
      }
      for (;;) {
        const next = await this.rows.next();
        if (next.done) break;
        this.position = next.value.rowNumber;
        if (this.position < wanted) continue;
        const checked = await checkRow(next.value.cells, this.mapping, this.headers);
        if (checked.errors.length === 0) leads.set(wanted, checked.lead);
        break;
      }
    }
    return leads;
  }

  async close(): Promise<void> {
    await this.rows?.return(undefined);
    this.rows = undefined;
    this.position = 0;
  }
}

/** The file's earlier rows by key, one map per kind (keys used as they are: no string built per lookup). */
type SeenKeys = Record<KeyKind, Map<string, number>>;
const newSeenKeys = (): SeenKeys => ({
  emailKey: new Map(),
  phoneKey: new Map(),
  linkedinKey: new Map(),
  nameKey: new Map(),
});

/** The keys of a batch's valid rows and the group's leads holding them (one statement for the batch). */
async function probeBatch(db: DbOrTx, groupId: number, batch: PendingRow[]) {
  const valid = batch.filter((r) => r.errors.length === 0);
  const keys = valid.map((r) => keysOf(r.lead));
  const probe: Record<KeyKind, string[]> = { emailKey: [], phoneKey: [], linkedinKey: [], nameKey: [] };
  for (const k of keys) for (const kind of KEY_KINDS) if (k[kind] !== null) probe[kind].push(k[kind]!);
  for (const kind of KEY_KINDS) probe[kind] = [...new Set(probe[kind])];
  return { keys, found: await findLeadsByMatchKeys(db, groupId, probe) };
}

/**
 * One batch of the review: duplicates of the group's leads (its probe), then of earlier rows of the file
 * (`seen`: each key's first row).
 */
function classifyBatch(batch: PendingRow[], { keys, found }: Awaited<ReturnType<typeof probeBatch>>, seen: SeenKeys) {
  const counts = { NEW: 0, DUPLICATE: 0, ERROR: 0 };
  const rows: q.NewImportRow[] = [];
  // A new row is kept as its number only: the review's page and the job read its lead from the file again.
  const newRows: number[] = [];
  let v = 0;
  for (const row of batch) {
    const base = { importId: 0, rowNumber: row.rowNumber, cells: [], lead: row.lead as never };
    if (row.errors.length > 0) {
      counts.ERROR++;
      rows.push({ ...base, cells: row.cells, kind: 'ERROR', errors: row.errors });
      continue;
    }
    const k = keys[v++]!;
    let match: KeyMatch | undefined;
    let earlierRow: number | undefined;
    for (const kind of KEY_KINDS) {
      const key = k[kind];
      if (key === null) continue;
      match ??= found[kind].get(key);
      const earlier = seen[kind].get(key);
      if (earlier === undefined) seen[kind].set(key, row.rowNumber);
      else earlierRow ??= earlier;
    }
    if (match || earlierRow !== undefined) {
      counts.DUPLICATE++;
      rows.push({
        ...base,
        kind: 'DUPLICATE',
        duplicateOfLeadId: match?.leadId ?? null,
        duplicateOfRow: match ? null : (earlierRow ?? null),
      });
    } else {
      counts.NEW++;
      newRows.push(row.rowNumber);
    }
  }
  return { rows, newRows, counts };
}

/** The review: every row through the lead rules and the duplicate keys; its rows replace the last review's. */
export async function previewImport(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadImportPreviewRequest>,
): Promise<LeadImport> {
  const { view } = await requireImportMember(deps.db, input.import_id, userId);
  // Only its runner reviews and starts an import.
  if (view.createdBy !== userId) throw forbidden('FORBIDDEN');
  if (view.status !== 'DRAFT') throw conflict('LEAD_IMPORT_NOT_DRAFT');
  const mapping = checkMapping(input.mapping, view.headers.length);
  await deps.db.transaction(async (tx) => {
    const locked = await q.lockImport(tx, view.id);
    if (locked?.status !== 'DRAFT') throw conflict('LEAD_IMPORT_NOT_DRAFT');
    const file = (await q.findImportFile(tx, view.id))!;
    await q.deleteRows(tx, view.id);
    const totals = { NEW: 0, DUPLICATE: 0, ERROR: 0 };
    const seen = newSeenKeys();
    let batch: PendingRow[] = [];
    // Where the time goes, for the log: reading and checking rows, the duplicate probes, storing the rows.
    const spent = { check: 0, probe: 0, store: 0 };
    // A batch's probe and store run in the database while the next batch is read and checked here; the
    // batches are still classified one after the other (each sees the earlier rows' keys in `seen`).
    const classifyAndStore = async (rows: PendingRow[], probe: ReturnType<typeof probeBatch>) => {
      const probed = performance.now();
      const { rows: stored, newRows, counts } = classifyBatch(rows, await probe, seen);
      const storing = performance.now();
      spent.probe += storing - probed;
      await q.insertRows(tx, view.id, stored, newRows);
      spent.store += performance.now() - storing;
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += counts[k];
    };
    let inFlight: Promise<void> = Promise.resolve();
    const flush = async () => {
      const rows = batch;
      batch = [];
      // The probe reads committed leads only: on a connection of its own, it runs beside the previous
      // batch's store in the transaction (two PostgreSQL backends at work instead of one).
      const probe = probeBatch(deps.db, view.groupId, rows);
      // Failures surface at the next await; never as an unhandled rejection meanwhile.
      probe.catch(() => {});
      await inFlight;
      inFlight = classifyAndStore(rows, probe);
      inFlight.catch(() => {});
    };
    let rowNumber = 0;
    let mark = performance.now();
    for await (const row of readDataRows(file)) {
      const { cells } = row;
      rowNumber = row.rowNumber;
      const checked = await checkRow(cells, mapping, view.headers);
      batch.push({ rowNumber, cells, lead: checked.lead, errors: checked.errors });
      if (batch.length >= PREVIEW_BATCH) {
        spent.check += performance.now() - mark;
        await flush();
        mark = performance.now();
      }
    }
    spent.check += performance.now() - mark;
    if (batch.length > 0) await flush();
    await inFlight;
    deps.log.info(
      {
        importId: view.id,
        rows: rowNumber,
        ms: roundedMs(spent),
      },
      'lead import previewed',
    );
    await q.updateImport(tx, view.id, {
      mapping: input.mapping,
      newCount: totals.NEW,
      duplicateCount: totals.DUPLICATE,
      errorCount: totals.ERROR,
    });
  });
  return presentImport(deps.db, view.id, userId);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The leads of a page's new rows, from the file (their rows keep no lead). */
async function newRowLeadsOf(db: DbOrTx, view: q.LeadImportView, rows: q.ImportRowRecord[]) {
  const wanted = rows.filter((r) => r.kind === 'NEW' && r.lead === null).map((r) => r.rowNumber);
  if (wanted.length === 0) return new Map<number, ImportedLeadFields>();
  const reader = await NewRowLeads.open(db, view);
  try {
    return await reader.leadsOf(wanted);
  } finally {
    await reader.close();
  }
}

/** The review's rows, by kind, a page at a time (as the preview stored them; a new row's lead read from the file again). */
export async function listImportRows(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadImportRowsRequest>,
): Promise<{ rows: ImportRow[]; totalCount: number }> {
  const { view } = await requireImportMember(deps.db, input.import_id, userId);
  const page = await q.listRows(
    deps.db,
    input.import_id,
    input.kind === 'ALL' ? undefined : input.kind,
    input.start_position,
    input.get_next,
  );
  const leadIds = [...new Set(page.rows.map((r) => r.duplicateOfLeadId).filter((id) => id !== null))];
  const leads = await q.findLeadNames(deps.db, leadIds);
  const fromFile = await newRowLeadsOf(deps.db, view, page.rows);
  return {
    totalCount: page.totalCount,
    rows: page.rows.map((r) => {
      const lead = (r.lead ?? fromFile.get(r.rowNumber) ?? {}) as Record<string, unknown>;
      const address = (lead.address ?? {}) as Record<string, unknown>;
      const dup = r.duplicateOfLeadId === null ? undefined : leads.get(r.duplicateOfLeadId);
      return {
        rowNumber: r.rowNumber,
        kind: r.kind,
        firstName: str(lead.first_name),
        lastName: str(lead.last_name),
        company: str(lead.company),
        title: str(lead.title),
        email: str(lead.email),
        phone: str(lead.phone),
        city: str(address.city),
        state: str(address.state_abbrv),
        duplicateOf:
          r.duplicateOfLeadId === null
            ? null
            : {
                leadId: r.duplicateOfLeadId,
                fullName: dup ? `${dup.firstName} ${dup.lastName}` : '',
                ownerName: dup ? displayName(dup.ownerFirstName, dup.ownerLastName, dup.ownerHidden) : '',
              },
        duplicateOfRow: r.duplicateOfRow,
        errors: r.errors,
      };
    }),
  };
}

/**
 * Queues the reviewed draft for the import job (its runner only); 409 LEAD_IMPORT_RUNNING while another
 * import of the group is queued or running (a unique index decides between two at once).
 */
export async function startImport(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadImportStartRequest>,
): Promise<LeadImport> {
  const { view } = await requireImportMember(deps.db, input.import_id, userId);
  if (view.createdBy !== userId) throw forbidden('FORBIDDEN');
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await q.lockImport(tx, view.id);
      if (locked?.status !== 'DRAFT') throw conflict('LEAD_IMPORT_NOT_DRAFT');
      if (locked.mapping === null) throw conflict('LEAD_IMPORT_NOT_REVIEWED');
      await q.updateImport(tx, view.id, {
        status: 'QUEUED',
        duplicates: input.duplicates,
        totalRows: locked.rowCount,
        doneRows: 0,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('LEAD_IMPORT_RUNNING');
    throw error;
  }
  await wakeImportJob(deps);
  const answer = await presentImport(deps.db, view.id, userId);
  publishProgress(deps, answer, true);
  return answer;
}

export async function getImport(deps: AppDeps, userId: number, importId: number): Promise<LeadImport> {
  return presentImport(deps.db, importId, userId);
}

export async function listImports(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadImportListRequest>,
): Promise<{ imports: LeadImport[]; totalCount: number }> {
  const { member } = await requireGroupMember(deps.db, input.group_id, userId);
  const { rows, totalCount } = await q.listImportViews(
    deps.db,
    input.group_id,
    userId,
    input.start_position,
    input.get_next,
  );
  return { imports: rows.map((v) => toLeadImport(v, mayUndo(v, userId, member.role === 'OWNER'))), totalCount };
}

type KeptReasonName = (typeof IMPORT_KEPT_REASONS)[number];
const KEPT_ORDER: KeptReasonName[] = ['CHANGED', 'RATED', 'COMMENTED', 'ASSIGNED', 'OUTCOME'];

/**
 * Undoes a finished import (its runner or a group owner): removes the leads it created that nobody has
 * worked on since, keeps the others, counted by reason; one transaction, so counts and stats stay exact.
 */
export async function undoImport(deps: AppDeps, userId: number, importId: number) {
  const { view, isGroupOwner } = await requireImportMember(deps.db, importId, userId);
  if (view.createdBy !== userId && !isGroupOwner) throw forbidden('LEAD_IMPORT_UNDO_NOT_ALLOWED');
  const keptBy = new Map<KeptReason, number>();
  await deps.db.transaction(async (tx) => {
    const locked = await q.lockImport(tx, importId);
    if (locked?.status !== 'DONE') throw conflict('LEAD_IMPORT_NOT_DONE');
    const leadIds = await q.listCreatedLeadIds(tx, importId);
    let removed = 0;
    for (let i = 0; i < leadIds.length; i += PREVIEW_BATCH) {
      const result = await removeUntouchedLeads(tx, leadIds.slice(i, i + PREVIEW_BATCH));
      removed += result.removed.length;
      for (const reason of result.kept.values()) keptBy.set(reason, (keptBy.get(reason) ?? 0) + 1);
    }
    const kept = [...keptBy.values()].reduce((a, b) => a + b, 0);
    await q.updateImport(tx, importId, { status: 'UNDONE', undoneCount: removed, keptCount: kept });
  });
  const answer = await presentImport(deps.db, importId, userId);
  publishProgress(deps, answer, true);
  return {
    import: answer,
    kept: KEPT_ORDER.filter((r) => keptBy.has(r)).map((reason) => ({ reason, count: keptBy.get(reason)! })),
  };
}

// The errors CSV: the file's own header with an extra "Error" column; cells formula-safe (csvRow).
async function* errorLines(db: DbOrTx, importId: number, headers: string[]): AsyncGenerator<string> {
  yield `\uFEFF${csvRow([...headers, LEAD_IMPORT_MESSAGES.rowError])}`;
  let after = 0;
  for (;;) {
    const batch = await q.listErrorRows(db, importId, after, PREVIEW_BATCH);
    if (batch.length > 0) {
      yield batch
        .map((r) => {
          const cells = headers.map((_h, i) => r.cells[i] ?? '');
          const error = r.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ');
          return csvRow([...cells, error]);
        })
        .join('');
      after = batch.at(-1)!.rowNumber;
    }
    if (batch.length < PREVIEW_BATCH) return;
  }
}

/** The rows with errors as CSV, for the members of the import's group (checked before anything is sent). */
export async function exportImportErrors(deps: AppDeps, userId: number, importId: number) {
  const { view } = await requireImportMember(deps.db, importId, userId);
  const base = view.fileName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '-') || 'leads';
  return {
    filename: `${base}-errors.csv`,
    stream: Readable.from(errorLines(deps.db, importId, view.headers)),
  };
}

// The job ---------------------------------------------------------------------------------------------

const lastPublished = new Map<number, number>();

/** The import's progress to its group's members, at most every PROGRESS_INTERVAL_MS unless `force`. */
function publishProgress(deps: AppDeps, answer: LeadImport, force = false): void {
  const now = Date.now();
  if (!force && now - (lastPublished.get(answer.importId) ?? 0) < PROGRESS_INTERVAL_MS) return;
  lastPublished.set(answer.importId, now);
  if (force && answer.status !== 'RUNNING' && answer.status !== 'QUEUED') lastPublished.delete(answer.importId);
  // canUndo is per reader: the event leaves it false, a reader asks /lead/import/get.
  deps.realtime.publish({
    rooms: [groupRoom(answer.groupId)],
    event: SERVER_EVENTS.leadImportProgress,
    data: { groupId: answer.groupId, import: { ...answer, canUndo: false } },
  });
}

/** Wakes the import job at once when the job queue runs in this database (else its minute's run takes it). */
async function wakeImportJob(deps: AppDeps): Promise<void> {
  try {
    // The queue's schema exists once an instance has run the queue; the function is only named when it does.
    const [present] = rowsOf<{ present: boolean }>(
      await deps.db.execute(sql`select to_regnamespace('graphile_worker') is not null as present`),
    );
    if (!present?.present) return;
    await deps.db.execute(sql`select graphile_worker.add_job('lead-import', '{}'::json, job_key => 'lead-import-now')`);
  } catch (err) {
    deps.log.warn({ err }, 'lead import: could not wake the job; its next run takes the import');
  }
}

type BatchResult = { state: 'more' | 'busy' | 'finished'; activityId?: number };
/** Where the job's time goes, for the log: reading rows, creating leads, marking rows done, committing. */
type JobSpent = { read: number; leads: number; mark: number; commit: number };

/**
 * One batch of an import, in one transaction on the locked import row: its next IMPORT_BATCH rows, the
 * leads they become, the rows marked done and the progress counted. A restart resumes at the first row
 * not done, so no row is lost or doubled; another instance working on it makes this one stand aside.
 */
async function runImportBatch(
  deps: AppDeps,
  importId: number,
  spent: JobSpent,
  file: { reader?: NewRowLeads },
): Promise<BatchResult> {
  let mark = performance.now();
  const lap = (part: keyof JobSpent) => {
    const now = performance.now();
    spent[part] += now - mark;
    mark = now;
  };
  const result = await deps.db.transaction(async (tx): Promise<BatchResult> => {
    const imp = await q.lockImport(tx, importId, true);
    if (!imp) return { state: 'busy' };
    if (imp.status !== 'QUEUED' && imp.status !== 'RUNNING') return { state: 'finished' };
    await q.commitWithoutFlushWait(tx);
    const now = deps.clock.now();
    const rows = await q.listPendingRows(tx, importId, imp.doneRows, IMPORT_BATCH);
    lap('read');
    if (rows.length === 0) {
      await q.updateImport(tx, importId, { status: 'DONE', finishedAt: now, startedAt: imp.startedAt ?? now });
      if (imp.importedCount === 0) return { state: 'finished' };
      // One activity for the whole file (its e-mail says the same), not one per lead.
      const activityId = await deps.activities.record(tx, {
        type: 'LEADS_IMPORTED',
        actorUserId: imp.createdBy,
        groupId: imp.groupId,
        data: activityData('LEADS_IMPORTED', { importId, leadCount: imp.importedCount }),
      });
      return { state: 'finished', activityId };
    }
    const wanted = rows.filter((r) => r.kind === 'NEW' || (r.kind === 'DUPLICATE' && imp.duplicates === 'IMPORT'));
    const fromFile = wanted.filter((r) => r.lead === null).map((r) => r.rowNumber);
    if (fromFile.length > 0) file.reader ??= await NewRowLeads.open(tx, imp);
    const read = fromFile.length > 0 ? await file.reader!.leadsOf(fromFile) : new Map<number, ImportedLeadFields>();
    // A new row that no longer passes the check (the rules changed since its review) is skipped.
    const importable = wanted
      .map((r) => ({ rowNumber: r.rowNumber, lead: (r.lead as ImportedLeadFields | null) ?? read.get(r.rowNumber) }))
      .filter((r) => r.lead !== undefined);
    lap('read');
    const ids = await createImportedLeads(tx, {
      groupId: imp.groupId,
      userId: imp.createdBy,
      now,
      leads: importable.map((r) => r.lead!),
    });
    lap('leads');
    const leadOf = new Map(importable.map((r, i) => [r.rowNumber, ids[i]!]));
    await q.markRowsDone(
      tx,
      importId,
      rows.map((r) => r.rowNumber),
      rows.map((r) => leadOf.get(r.rowNumber) ?? null),
    );
    await q.updateImport(tx, importId, {
      status: 'RUNNING',
      startedAt: imp.startedAt ?? now,
      doneRows: imp.doneRows + rows.length,
      importedCount: imp.importedCount + ids.length,
      skippedCount: imp.skippedCount + rows.length - ids.length,
    });
    lap('mark');
    return { state: 'more' };
  });
  lap('commit');
  return result;
}

async function presentForEvent(deps: AppDeps, importId: number): Promise<LeadImport | undefined> {
  const view = await q.findImportView(deps.db, importId);
  return view && toLeadImport(view, false);
}

/** Runs one import to its end (or until another instance holds it). */
export async function runImport(deps: AppDeps, importId: number): Promise<void> {
  const file: { reader?: NewRowLeads } = {};
  try {
    await runImportBatches(deps, importId, file);
  } finally {
    await file.reader?.close();
  }
}

async function runImportBatches(deps: AppDeps, importId: number, file: { reader?: NewRowLeads }): Promise<void> {
  const spent: JobSpent = { read: 0, leads: 0, mark: 0, commit: 0 };
  for (;;) {
    let result: BatchResult;
    try {
      result = await runImportBatch(deps, importId, spent, file);
    } catch (err) {
      deps.log.error({ err, importId }, 'lead import failed');
      await q.updateImport(deps.db, importId, { status: 'FAILED', finishedAt: deps.clock.now() });
      const failed = await presentForEvent(deps, importId);
      if (failed) publishProgress(deps, failed, true);
      return;
    }
    if (result.state === 'busy') return;
    const answer = await presentForEvent(deps, importId);
    if (answer) publishProgress(deps, answer, result.state === 'finished');
    if (result.activityId) await deps.activities.announce(result.activityId);
    if (result.state === 'finished') {
      deps.log.info({ importId, ms: roundedMs(spent) }, 'lead import written');
      return;
    }
  }
}

/** The import job: every queued or interrupted import, oldest first. */
export async function runLeadImports(deps: AppDeps): Promise<void> {
  for (const importId of await q.listUnfinishedImportIds(deps.db)) await runImport(deps, importId);
}
