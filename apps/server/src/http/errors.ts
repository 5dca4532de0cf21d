import type { ErrorBody, ErrorCode, ErrorCodeWithStatus } from '@leadcircle/shared';
import { CONTROL_CHARACTERS_MESSAGE, ERRORS, LINE_BREAKS_MESSAGE } from '@leadcircle/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type services throw; the handler below turns it into the contract's body. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
  }
}

/**
 * Throws by code: the status and message come from the shared ERRORS table; a call may word the
 * message for its context.
 */
export const appError = (code: ErrorCode, message: string = ERRORS[code].message, issues?: ErrorBody['issues']) =>
  new AppError(code, ERRORS[code].status, message, issues);

// One helper per status, each taking only the codes of that status.
export const badRequest = (code: ErrorCodeWithStatus<400>, message?: string) => appError(code, message);
export const unauthorized = (code: ErrorCodeWithStatus<401>, message?: string) => appError(code, message);
export const forbidden = (code: ErrorCodeWithStatus<403> = 'FORBIDDEN', message?: string) => appError(code, message);
export const notFound = (code: ErrorCodeWithStatus<404>, message?: string) => appError(code, message);
export const conflict = (code: ErrorCodeWithStatus<409>, message?: string) => appError(code, message);
export const unprocessable = (code: ErrorCodeWithStatus<422>, message?: string) => appError(code, message);
export const tooManyRequests = (code: ErrorCodeWithStatus<429> = 'RATE_LIMITED', message?: string) =>
  appError(code, message);

interface ValidationItem {
  instancePath?: string;
  message?: string;
}

function validationIssues(items: ValidationItem[]): NonNullable<ErrorBody['issues']> {
  return items.map((item) => {
    // The zod path arrives as a JSON pointer ("/user/password"); the contract names it "user.password".
    const path = (item.instancePath ?? '').replace(/^\//, '').split('/').join('.');
    return { path, message: item.message ?? 'Invalid value' };
  });
}

// Fastify's own errors for malformed requests, in the words a client can act on.
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is larger than 1 MB.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Send the request body as application/json.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header does not match the body.' },
};

// A text rule's message names no field by itself; the answer's message does.
const TEXT_RULES = new Set<string>([CONTROL_CHARACTERS_MESSAGE, LINE_BREAKS_MESSAGE]);
function validationMessage(first: { path: string; message: string } | undefined): string {
  if (!first) return 'Invalid request.';
  if (!first.path) return `Invalid request: ${first.message}`;
  if (TEXT_RULES.has(first.message)) return `The field "${first.path}" ${first.message.toLowerCase()}.`;
  return first.message;
}

export const UNAVAILABLE_MESSAGE = 'LeadCircle is briefly unavailable. Please try again in a moment.';

// The database is away (refused, shut down, restarting, out of connections): the caller may retry.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i;

/** Whether an error (or what caused it) says the database cannot be reached just now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.issues) body.issues = error.issues;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = validationIssues(error.validation as ValidationItem[]);
      const message = validationMessage(issues[0]);
      return reply.status(400).send({ message, code: 'VALIDATION_FAILED', issues } satisfies ErrorBody);
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message, code: 'BAD_REQUEST' });
    if (error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    } else if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message, code: 'BAD_REQUEST' });
    } else {
      request.log.error({ err: error }, 'unexpected error');
    }
    // Never send stack traces or database text to a client.
    return reply.status(500).send({ message: ERRORS.INTERNAL.message, code: 'INTERNAL' });
  });
}
