import {
  LEAD_IMPORT_ERRORS_PATH,
  LEAD_IMPORT_MAX_BYTES,
  LEAD_IMPORT_MESSAGES,
  LEAD_IMPORT_UPLOAD_PATH,
  leadImportCalls,
  leadImportErrorsQuery,
  leadImportUploadFields,
  leadImportUploadResponse,
} from '@leadcircle/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar, RawRoutes } from '../../http/call.js';
import { AppError, appError, badRequest } from '../../http/errors.js';
import { acceptMultipartOnly, readMultipartUpload } from '../../http/multipart.js';
import * as imports from './lead-imports.service.js';

export function registerLeadImportRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(leadImportCalls.preview, ({ userId, body }) => imports.previewImport(deps, userId, body));
  call(leadImportCalls.rows, ({ userId, body }) => imports.listImportRows(deps, userId, body));
  call(leadImportCalls.start, ({ userId, body }) => imports.startImport(deps, userId, body));
  call(leadImportCalls.get, ({ userId, body }) => imports.getImport(deps, userId, body.import_id));
  call(leadImportCalls.list, ({ userId, body }) => imports.listImports(deps, userId, body));
  call(leadImportCalls.undo, ({ userId, body }) => imports.undoImport(deps, userId, body.import_id));
}

const uploadFailures = {
  notMultipart: () => appError('LEAD_IMPORT_NOT_MULTIPART'),
  broken: () => new AppError('LEAD_IMPORT_NOT_MULTIPART', 400, LEAD_IMPORT_MESSAGES.notMultipart),
  tooLarge: () => appError('LEAD_IMPORT_TOO_LARGE'),
};

/** The upload (multipart) and the errors CSV (a GET, so the browser downloads it). */
export async function registerLeadImportRawRoutes({ app, authenticate }: RawRoutes, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    await acceptMultipartOnly(scope, { fileSize: LEAD_IMPORT_MAX_BYTES, fieldSize: 1024 });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: `/api${LEAD_IMPORT_UPLOAD_PATH}`,
      schema: {
        summary: 'Upload a CSV file of leads to import into a group (multipart: group_id, file; members of the group)',
        tags: ['lead'],
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: { 200: leadImportUploadResponse },
      },
      onRequest: authenticate,
      handler: async (request) => {
        const { fields, files } = await readMultipartUpload(request, LEAD_IMPORT_MAX_BYTES, uploadFailures);
        if (files.length !== 1 || files[0]!.fieldName !== 'file') {
          throw badRequest('LEAD_IMPORT_FILE_INVALID', LEAD_IMPORT_MESSAGES.fileMissing);
        }
        const parsed = leadImportUploadFields.safeParse(fields);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
          throw new AppError('VALIDATION_FAILED', 400, issues[0]?.message ?? 'Invalid form', issues);
        }
        return imports.uploadImport(deps, request.userId!, parsed.data.group_id, files[0]!);
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(`/api${LEAD_IMPORT_ERRORS_PATH}`, {
    schema: {
      summary: "An import's rows with errors as CSV, with an extra Error column (members of the group)",
      tags: ['lead'],
      querystring: leadImportErrorsQuery,
      security: [{ bearerAuth: [] }],
    },
    onRequest: authenticate,
    handler: async (request, reply) => {
      const { filename, stream } = await imports.exportImportErrors(deps, request.userId!, request.query.import_id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
}
