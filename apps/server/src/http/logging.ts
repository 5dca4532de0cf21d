import crypto from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';

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
      .replace(/([?&](token|code|invite_code|state)=)[^&]+/g, '$1[redacted]')
  );
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    // Lines are written without blocking the request that logs them (flushed at exit).
    ...(level !== 'silent' && { stream: pino.destination({ dest: 1, sync: false }) }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.refresh_token',
        '*.token',
        // Social sign-in (issue 3); not `*.code`, which would hide the code of every logged error.
        '*.id_token',
        '*.identity_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/**
 * At most one line per request, written when it is answered (Fastify's own two lines are off):
 * every error (5xx) and every request slower than `slowMs` at warn or error level, and a `sample`
 * share of the others at info level (1: all of them).
 */
export function registerAccessLog(app: FastifyInstance, options: { sample: number; slowMs: number }): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const isSlow = ms >= options.slowMs;
    if (status < 500 && !isSlow && !(options.sample >= 1 || Math.random() < options.sample)) return;
    const line = {
      req: { method: request.method, url: redactUrl(request.url), ip: request.ip },
      status,
      ms: Math.round(ms * 10) / 10,
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (isSlow) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request');
  });
}
