import crypto from 'node:crypto';
import type { FastifyInstance, FastifyLoggerOptions, FastifyRequest } from 'fastify';
import pino, { type Logger, type LoggerOptions } from 'pino';

// Request ids: the caller's X-Request-Id when it looks like one, otherwise a new UUID.
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function genRequestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

// Single-use tokens travel in one path; they never reach the logs.
export function redactUrl(url: string): string {
  return (
    url
      .replace(/(\/email_confirmation_action\/)[^/?]+/, '$1[redacted]')
      // `state` of the LinkedIn callback carries an invite code.
      .replace(
        /([?&](token|code|invite_code|group_invite_code|state|email|access_token|refresh_token|id_token)=)[^&]+/gi,
        '$1[redacted]',
      )
  );
}

export function loggerOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    // Lines are written without blocking the request that logs them (flushed at exit); the lines
    // logged while a write is under way go out together in the next one.
    ...(level !== 'silent' && { stream: pino.destination({ dest: 1, sync: false }) }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.refresh_token',
        '*.token',
        // Social sign-in; not `*.code`, which would hide the code of every logged error.
        '*.id_token',
        '*.identity_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: (error: unknown) => serializeError(error) as { type: string; message: string; stack: string },
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

// Secrets and personal data a message may carry, whatever threw it.
const SCRUBBERS: [RegExp, string][] = [
  [/\$argon2[a-z]*\$[^\s"',)]+/gi, '[hash]'],
  [/\bey[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, '[token]'],
  [/[^\s"'<>(),;:]+@[^\s"'<>(),;:]+\.[A-Za-z]{2,}/g, '[email]'],
  // Links keep their origin and path; the query and fragment (tokens, codes, addresses) go.
  [/\b(https?:\/\/[^\s"'?#]+)[?#][^\s"']*/gi, '$1?[redacted]'],
  [/\b[A-Fa-f0-9]{32,}\b|\b[A-Za-z0-9_-]{40,}\b/g, '[secret]'],
];

export function scrubText(text: string): string {
  let out = text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  for (const [pattern, replacement] of SCRUBBERS) out = out.replace(pattern, replacement);
  return out;
}

// node-postgres error fields that name things, never values (message, detail and where may quote values).
const PG_NAME_FIELDS = ['severity', 'table', 'column', 'constraint', 'routine'] as const;

/**
 * Errors as the logs show them: type, code, a scrubbed message and the stack frames. Never the
 * failed query's parameters (Drizzle puts them in the message), a pg error's detail, or any other
 * property an error carries (request options, headers, bodies).
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: scrubText(String(error)) };
  const e = error as Record<string, unknown> & { stack?: unknown; constructor?: { name?: string } };
  const out: Record<string, unknown> = { type: typeof e.name === 'string' ? e.name : e.constructor?.name };
  if (typeof e.code === 'string' && e.code.length <= 64) out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  const isQueryError = 'query' in e && 'params' in e;
  const isPgError = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
  if (isQueryError) {
    out.message = 'database query failed';
    if (typeof e.query === 'string') out.query = scrubText(e.query);
  } else if (isPgError) {
    out.message = scrubText(String(e.message ?? '')).replace(/"[^"]*"/g, '"[value]"');
    for (const field of PG_NAME_FIELDS) if (typeof e[field] === 'string') out[field] = e[field];
  } else {
    out.message = scrubText(String(e.message ?? ''));
  }
  // The stack's first lines repeat the message: keep the frames only.
  if (typeof e.stack === 'string') {
    out.stack = e.stack
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n');
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  if (Array.isArray(e.errors) && depth < 3) out.errors = e.errors.slice(0, 5).map((x) => serializeError(x, depth + 1));
  return out;
}

/**
 * At most one line per request, written when it is answered (Fastify's own two lines are off):
 * every error (5xx) and every request slower than `slowMs` at warn or error level, and a `sample`
 * share of the others at info level (1: all of them).
 */
export function registerAccessLog(app: FastifyInstance, options: { sample: number; slowMs: number }): void {
  const logsAll = options.sample >= 1;
  const stream = (app.log as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym]!;
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const isSlow = ms >= options.slowMs;
    if (status >= 500 || isSlow) {
      // `req` is the request itself: the logger's req serializer builds its method, redacted url and ip once.
      const line = { req: request, status, ms: Math.round(ms * 10) / 10 };
      if (status >= 500) request.log.error(line, 'request failed');
      else request.log.warn(line, 'slow request');
    } else if (
      (logsAll || Math.random() < options.sample) &&
      (request.log as unknown as Logger).isLevelEnabled('info')
    ) {
      stream.write(accessLine(request, status, ms));
    }
    done();
  });
}

/**
 * The info line of an answered request, built in one string: what pino writes for
 * `request.log.info({ req, status, ms }, 'request')` with our req serializer, without its generic
 * path (redaction walks and serializer lookups, none of which applies to these fields).
 */
function accessLine(request: FastifyRequest, status: number, ms: number): string {
  // The request logger's bindings, serialised once when Fastify made it: pid, hostname and reqId.
  const bindings = (request.log as unknown as Record<symbol, string>)[pino.symbols.chindingsSym];
  const req = `{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrl(request.url))},"ip":${JSON.stringify(request.ip)}}`;
  return `{"level":30,"time":${Date.now()}${bindings},"req":${req},"status":${status},"ms":${Math.round(ms * 10) / 10},"msg":"request"}\n`;
}
