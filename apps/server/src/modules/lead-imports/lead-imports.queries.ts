import { and, asc, desc, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { leadImportRows, leadImports, publicLeads, publicUsers } from '../../db/schema/index.js';
import type { FileEncoding, Separator, StoredFile } from './csv-file.js';

// Lead imports: Drizzle only; "nothing found" is undefined.

export type NewLeadImport = typeof leadImports.$inferInsert;
export type LeadImportRecord = Omit<typeof leadImports.$inferSelect, 'file'>;
export type NewImportRow = typeof leadImportRows.$inferInsert;
export type ImportRowRecord = typeof leadImportRows.$inferSelect;

// Every column but the file, which only the job and the preview read.
const { file: _file, ...recordColumns } = getTableColumns(leadImports);

const viewColumns = {
  ...recordColumns,
  creatorFirstName: publicUsers.firstName,
  creatorLastName: publicUsers.lastName,
  creatorHidden: sql<boolean>`${publicUsers.deletionRequestedAt} is not null`,
};
export type LeadImportView = LeadImportRecord & {
  creatorFirstName: string;
  creatorLastName: string;
  creatorHidden: boolean;
};

export async function insertImport(db: DbOrTx, values: NewLeadImport): Promise<number> {
  const [row] = await db.insert(leadImports).values(values).returning({ id: leadImports.id });
  return row!.id;
}

export async function findImportView(db: DbOrTx, importId: number): Promise<LeadImportView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(leadImports)
    .innerJoin(publicUsers, eq(publicUsers.id, leadImports.createdBy))
    .where(eq(leadImports.id, importId));
  return row as LeadImportView | undefined;
}

/** The import's file and how to read it. */
export async function findImportFile(db: DbOrTx, importId: number): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({
      file: leadImports.file,
      encoding: leadImports.encoding,
      separator: leadImports.separator,
      bookmarks: leadImports.bookmarks,
    })
    .from(leadImports)
    .where(eq(leadImports.id, importId));
  // The upload wrote what it detected (csv-file's encodings and separators).
  return row && { ...row, encoding: row.encoding as FileEncoding, separator: row.separator as Separator };
}

/** A group's imports, newest first: the viewer's own drafts and every import past its draft. */
export async function listImportViews(db: DbOrTx, groupId: number, viewerId: number, offset: number, limit: number) {
  const visible = and(
    eq(leadImports.groupId, groupId),
    or(ne(leadImports.status, 'DRAFT'), eq(leadImports.createdBy, viewerId)),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(viewColumns)
      .from(leadImports)
      .innerJoin(publicUsers, eq(publicUsers.id, leadImports.createdBy))
      .where(visible)
      .orderBy(desc(leadImports.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(leadImports).where(visible),
  ]);
  return { rows: rows as LeadImportView[], totalCount: count?.n ?? 0 };
}

export async function updateImport(db: DbOrTx, importId: number, values: Partial<NewLeadImport>): Promise<void> {
  await db.update(leadImports).set(values).where(eq(leadImports.id, importId));
}

/** Locks the import row; with `skipLocked`, undefined when another transaction holds it. */
export async function lockImport(tx: DbOrTx, importId: number, skipLocked = false) {
  const [row] = await tx
    .select(recordColumns)
    .from(leadImports)
    .where(eq(leadImports.id, importId))
    .for('update', skipLocked ? { skipLocked: true } : undefined);
  return row as LeadImportRecord | undefined;
}

/**
 * The transaction's commit does not wait for its WAL to reach the disk. A crash of PostgreSQL may then lose
 * the last batches committed, each whole (its leads, its rows marked and the progress together), and the
 * job does them again: no row is lost or doubled, and an import's 200 batches no longer wait 200 flushes.
 */
export async function commitWithoutFlushWait(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** Imports waiting for the job or interrupted in their run, oldest first. */
export async function listUnfinishedImportIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: leadImports.id })
    .from(leadImports)
    .where(inArray(leadImports.status, ['QUEUED', 'RUNNING']))
    .orderBy(asc(leadImports.id));
  return rows.map((r) => r.id);
}

export async function deleteRows(db: DbOrTx, importId: number): Promise<void> {
  await db.delete(leadImportRows).where(eq(leadImportRows.importId, importId));
}

/**
 * One batch of the review's rows in one statement: the rows that are not new sent as one JSON parameter
 * (cheaper than a value list, and than unnest of jsonb[] arrays, each element escaped into an array
 * literal: measured 1.5× slower), the new ones as their numbers only (no lead: the file holds it).
 */
export async function insertRows(db: DbOrTx, importId: number, rows: NewImportRow[], newRows: number[]): Promise<void> {
  if (rows.length === 0 && newRows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      row_number: r.rowNumber,
      kind: r.kind,
      cells: r.cells,
      lead: r.lead ?? null,
      errors: r.errors ?? [],
      duplicate_of_lead_id: r.duplicateOfLeadId ?? null,
      duplicate_of_row: r.duplicateOfRow ?? null,
    })),
  );
  await db.execute(sql`insert into lead_import_rows
      (import_id, row_number, kind, cells, lead, errors, duplicate_of_lead_id, duplicate_of_row)
    select ${importId}::int, r.row_number, r.kind, r.cells, r.lead, r.errors, r.duplicate_of_lead_id, r.duplicate_of_row
    from jsonb_to_recordset(${json}::jsonb) as r(row_number int, kind lead_import_row_kind, cells jsonb, lead jsonb,
      errors jsonb, duplicate_of_lead_id int, duplicate_of_row int)
    union all
    select ${importId}::int, n, 'NEW', '[]', null, '[]', null, null from unnest(${sql.param(newRows)}::int[]) as n`);
}

export async function listRows(
  db: DbOrTx,
  importId: number,
  kind: 'NEW' | 'DUPLICATE' | 'ERROR' | undefined,
  offset: number,
  limit: number,
) {
  const where = and(eq(leadImportRows.importId, importId), kind ? eq(leadImportRows.kind, kind) : undefined);
  const [rows, [count]] = await Promise.all([
    db.select().from(leadImportRows).where(where).orderBy(asc(leadImportRows.rowNumber)).offset(offset).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(leadImportRows).where(where),
  ]);
  return { rows, totalCount: count?.n ?? 0 };
}

/** The next rows the job has not handled, in file order: it handles them in order, so those after `doneRows`. */
export async function listPendingRows(tx: DbOrTx, importId: number, doneRows: number, limit: number) {
  return tx
    .select({
      rowNumber: leadImportRows.rowNumber,
      kind: leadImportRows.kind,
      lead: leadImportRows.lead,
    })
    .from(leadImportRows)
    .where(and(eq(leadImportRows.importId, importId), sql`${leadImportRows.rowNumber} > ${doneRows}`))
    .orderBy(asc(leadImportRows.rowNumber))
    .limit(limit);
}

/** Marks rows handled, each with the lead it created (or none), in the transaction that created them. */
export async function markRowsDone(
  tx: DbOrTx,
  importId: number,
  rowNumbers: number[],
  leadIds: (number | null)[],
): Promise<void> {
  if (rowNumbers.length === 0) return;
  await tx.execute(sql`update lead_import_rows r set done = true, lead_id = v.lead_id
    from unnest(${sql.param(rowNumbers)}::int[], ${sql.param(leadIds)}::int[]) as v(row_number, lead_id)
    where r.import_id = ${importId} and r.row_number = v.row_number`);
}

/** The leads an import created that still exist, in batches after a lead id. */
export async function listCreatedLeadIds(db: DbOrTx, importId: number): Promise<number[]> {
  const rows = rowsOf<{ lead_id: number }>(
    await db.execute(
      sql`select lead_id from lead_import_rows where import_id = ${importId} and lead_id is not null order by lead_id`,
    ),
  );
  return rows.map((r) => Number(r.lead_id));
}

/** The rows with errors, in file order, a batch after a row number. */
export async function listErrorRows(db: DbOrTx, importId: number, afterRow: number, limit: number) {
  return db
    .select({ rowNumber: leadImportRows.rowNumber, cells: leadImportRows.cells, errors: leadImportRows.errors })
    .from(leadImportRows)
    .where(
      and(
        eq(leadImportRows.importId, importId),
        eq(leadImportRows.kind, 'ERROR'),
        sql`${leadImportRows.rowNumber} > ${afterRow}`,
      ),
    )
    .orderBy(asc(leadImportRows.rowNumber))
    .limit(limit);
}

/** The names of the leads rows are duplicates of, and of their submitters (through the public faces). */
export async function findLeadNames(db: DbOrTx, leadIds: number[]) {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: publicLeads.id,
      firstName: publicLeads.firstName,
      lastName: publicLeads.lastName,
      ownerFirstName: publicUsers.firstName,
      ownerLastName: publicUsers.lastName,
      ownerHidden: sql<boolean>`${publicUsers.deletionRequestedAt} is not null`,
    })
    .from(publicLeads)
    .innerJoin(publicUsers, eq(publicUsers.id, publicLeads.createdBy))
    .where(inArray(publicLeads.id, leadIds));
  return new Map(rows.map((r) => [r.id, r]));
}
