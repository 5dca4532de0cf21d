import {
  type CallPath,
  type CallRequest,
  type CallResponse,
  LEAD_IMPORT_UPLOAD_PATH,
  type LeadImport,
  leadImportCallPaths,
  type leadImportCalls,
  type leadImportUploadResponse,
} from '@leadcircle/shared';
import type { z } from 'zod';
import { baseApi } from '../../../core/base-api';

// The lead import calls: the upload (multipart), the review, the start, and a group's import history.
// The history ('LeadImports') is asked for again after a start or an undo; the lead list ('Leads') after
// an import ends or is undone.

type Calls = typeof leadImportCalls;
export type LeadImportUpload = z.infer<typeof leadImportUploadResponse>;

// The upload is multipart (a FormData body): the server's own route, answered with the import and its columns.
const importUpload: CallPath = { path: LEAD_IMPORT_UPLOAD_PATH, auth: true };

export interface UploadImportArgs {
  groupId: number;
  file: File;
}

/** The upload's multipart body: the group, then the file (the server reads the fields before the file part). */
export function importUploadForm({ groupId, file }: UploadImportArgs): FormData {
  const form = new FormData();
  form.append('group_id', String(groupId));
  form.append('file', file, file.name);
  return form;
}

/** The upload, telling its progress (0 to 1); a 401 goes through the session rule (uploadLeadImport). */
export const IMPORT_UPLOAD_URL = `/api${LEAD_IMPORT_UPLOAD_PATH}`;

export const leadImportsApi = baseApi.enhanceEndpoints({ addTagTypes: ['LeadImports', 'Leads'] }).injectEndpoints({
  endpoints: (build) => ({
    uploadLeadImport: build.mutation<LeadImportUpload, UploadImportArgs>({
      query: ({ groupId, file }) => {
        const form = new FormData();
        form.append('group_id', String(groupId));
        // The file last: the server reads the fields before the file part.
        form.append('file', file);
        return { call: importUpload, body: form };
      },
    }),
    previewLeadImport: build.mutation<LeadImport, CallRequest<Calls['preview']>>({
      query: (body) => ({ call: leadImportCallPaths.preview, body }),
    }),
    listLeadImportRows: build.query<CallResponse<Calls['rows']>, CallRequest<Calls['rows']>>({
      query: (body) => ({ call: leadImportCallPaths.rows, body }),
      keepUnusedDataFor: 0,
    }),
    startLeadImport: build.mutation<LeadImport, CallRequest<Calls['start']>>({
      query: (body) => ({ call: leadImportCallPaths.start, body }),
      invalidatesTags: (_result, error) => (error ? [] : ['LeadImports']),
    }),
    getLeadImport: build.query<LeadImport, number>({
      query: (importId) => ({ call: leadImportCallPaths.get, body: { import_id: importId } }),
      keepUnusedDataFor: 0,
    }),
    listLeadImports: build.query<CallResponse<Calls['list']>, CallRequest<Calls['list']>>({
      query: (body) => ({ call: leadImportCallPaths.list, body }),
      providesTags: ['LeadImports'],
    }),
    undoLeadImport: build.mutation<CallResponse<Calls['undo']>, number>({
      query: (importId) => ({ call: leadImportCallPaths.undo, body: { import_id: importId } }),
      invalidatesTags: (_result, error) => (error ? [] : ['LeadImports', 'Leads']),
    }),
  }),
});

export const {
  useUploadLeadImportMutation,
  usePreviewLeadImportMutation,
  useListLeadImportRowsQuery,
  useStartLeadImportMutation,
  useGetLeadImportQuery,
  useListLeadImportsQuery,
  useUndoLeadImportMutation,
} = leadImportsApi;
