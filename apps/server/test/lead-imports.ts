import type { ImportColumn, LeadImport } from '@leadcircle/shared';
import { post } from './helpers.js';
import type { TestApp } from './test-app.js';
import { multipartBody } from './uploads.js';

// Lead imports in tests: files made as spreadsheets write them, uploaded as the browser does.

export const IMPORT_HEADER = 'First Name,Last Name,Title,Company,Email,Phone,Street,City,State,ZIP';

let sequence = 0;
/** A valid CSV line under IMPORT_HEADER; override cells by header. */
export function importLine(overrides: Partial<Record<string, string>> = {}): string {
  sequence += 1;
  const cells: Record<string, string> = {
    'First Name': 'Ana',
    'Last Name': `Lopez${sequence}`,
    Title: 'Buyer',
    Company: `Acme ${sequence}`,
    Email: `ana${sequence}@acme.example`,
    Phone: '',
    Street: '1 Main St',
    City: 'Springfield',
    State: 'IL',
    ZIP: '62704',
    ...overrides,
  };
  return IMPORT_HEADER.split(',')
    .map((h) => {
      const v = cells[h] ?? '';
      return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    })
    .join(',');
}

export async function uploadFile(
  t: TestApp,
  token: string | undefined,
  fields: { group_id?: number | string; data: Buffer | string; filename?: string },
) {
  const parts = [];
  if (fields.group_id !== undefined) parts.push({ name: 'group_id', data: String(fields.group_id) });
  parts.push({ name: 'file', filename: fields.filename ?? 'leads.csv', contentType: 'text/csv', data: fields.data });
  const body = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/lead/import/upload',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token && { authorization: `Bearer ${token}` }) },
  });
  return {
    status: res.statusCode,
    body: res.body
      ? (res.json() as { import: LeadImport; columns: ImportColumn[]; message?: string; code?: string })
      : undefined,
  };
}

/** Upload, then preview with the automatic mapping; answers the import after the preview. */
export async function uploadAndPreview(t: TestApp, token: string, groupId: number, data: Buffer | string) {
  const up = await uploadFile(t, token, { group_id: groupId, data });
  if (up.status !== 200) throw new Error(`upload ${up.status} ${JSON.stringify(up.body)}`);
  const mapping = up.body!.columns.map((c) => ({ index: c.index, field: c.field }));
  const preview = await post(t, '/lead/import/preview', { import_id: up.body!.import.importId, mapping }, { token });
  if (preview.status !== 200) throw new Error(`preview ${preview.status} ${JSON.stringify(preview.body)}`);
  return { importId: up.body!.import.importId, columns: up.body!.columns, preview: preview.body as LeadImport };
}
