import crypto from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

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
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
