import zlib from 'node:zlib';
import type { CallDefinition } from '@leadcircle/shared';
import { text } from '@leadcircle/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessTokens } from './access-token.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on calls that need a signed-in user. */
    userId?: number;
    /** The caller's session (refresh-token family), set with userId. */
    sessionId?: string;
    /** The caller's account as the guard read it: one read serves the guard and the call. */
    caller?: unknown;
  }
}

export interface CallContext<Body> {
  body: Body;
  params: Record<string, string>;
  ip: string;
  request: FastifyRequest;
}

export interface AuthedCallContext<Body> extends CallContext<Body> {
  userId: number;
  sessionId: string;
}

type Handler<C extends CallDefinition> = C['auth'] extends true
  ? (ctx: AuthedCallContext<z.output<C['request']>>) => Promise<z.input<C['response']>>
  : (ctx: CallContext<z.output<C['request']>>) => Promise<z.input<C['response']>>;

export interface CallOptions {
  /**
   * The answer changes only with a deploy or a migration (lookup lists): it is serialized once per
   * request body and kept by this process (a cache that may be lost), and sent with caching headers.
   */
  fixedUntilDeploy?: boolean;
  /**
   * The answer is the same for every signed-in caller and tells nothing about anyone (lookup lists): a
   * valid access token is enough, the caller's account is not read (request.caller stays unset).
   */
  tokenOnly?: boolean;
}

/** Declares one spec call: POST /api<path>, validated by the shared schemas both ways. */
export type CallRegistrar = <C extends CallDefinition>(call: C, handler: Handler<C>, options?: CallOptions) => void;

// Distinct request bodies kept per fixed call (a lookup has a handful; the rest are served uncached).
const FIXED_ANSWERS_PER_CALL = 100;
// Browsers and proxies may keep a lookup for an hour; a deploy that changes one is rare.
const FIXED_CACHE_CONTROL = 'private, max-age=3600';

/** Settles who is calling: sets request.userId and sessionId, or answers 401. */
export type AuthGuard = (request: FastifyRequest) => Promise<void>;

/**
 * `findActiveUser` reads the caller's account, or nothing when it was hidden after the token was
 * issued (deletion requested): the guard refuses that token.
 */
export function createAuthGuard(tokens: AccessTokens, findActiveUser: (userId: number) => Promise<unknown>): AuthGuard {
  return async (request) => {
    const claims = await verifyBearer(tokens, request);
    const caller = await findActiveUser(claims.userId);
    if (!caller) throw unauthorized('AUTH_TOKEN_INVALID');
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
    request.caller = caller;
  };
}

/** Checks the access token alone: sets request.userId and sessionId, or answers 401. */
export function createTokenGuard(tokens: AccessTokens): AuthGuard {
  return async (request) => {
    const claims = await verifyBearer(tokens, request);
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  };
}

async function verifyBearer(tokens: AccessTokens, request: FastifyRequest) {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized('AUTH_REQUIRED');
  return tokens.verify(match[1]!);
}

/**
 * What a module's raw routes get: those that are not JSON calls (files, CSV, webhooks, pages).
 * `authenticate` guards the ones that need a signed-in user.
 */
export interface RawRoutes {
  app: FastifyInstance;
  authenticate: AuthGuard;
}

/** A fixed answer, serialized once and compressed once (when it is big enough to be worth it). */
interface FixedAnswer {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}

function fixedAnswer(json: string): FixedAnswer {
  if (Buffer.byteLength(json) < 1024) return { json };
  return { json, br: zlib.brotliCompressSync(json), gzip: zlib.gzipSync(json) };
}

function sendFixedAnswer(request: FastifyRequest, reply: FastifyReply, answer: FixedAnswer) {
  reply.type('application/json; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding =
    answer.br && /\bbr\b/.test(accepted) ? 'br' : answer.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : null;
  // A JSON string with its content type, or bytes with their encoding, are sent as they are.
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(answer[encoding]);
}

/** Makes the registrar modules use. */
export function createCallRegistrar(
  app: FastifyInstance,
  authenticate: AuthGuard,
  checkToken: AuthGuard,
): CallRegistrar {
  return (call, handler, options = {}) => {
    const fixedAnswers = options.fixedUntilDeploy ? new Map<string, FixedAnswer>() : undefined;
    const params = [...call.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!);
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: `/api${call.path}`,
      schema: {
        summary: call.summary,
        tags: [call.path.split('/')[1] ?? 'api'],
        body: call.request,
        ...(params.length > 0 && {
          params: z.strictObject(Object.fromEntries(params.map((p) => [p, text().min(1).max(200)]))),
        }),
        response: { 200: call.response },
        ...(call.auth && { security: [{ bearerAuth: [] }] }),
      },
      // Who is calling is settled before the body is looked at: a stranger learns nothing from validation.
      ...(call.auth && { onRequest: options.tokenOnly ? checkToken : authenticate }),
      // A fixed answer is compressed once, when it is kept: no compression hooks on its requests.
      ...(fixedAnswers && { compress: false as const }),
      handler: async (request, reply) => {
        const fixedKey = fixedAnswers && JSON.stringify(request.body ?? null);
        if (fixedAnswers && fixedKey !== undefined) {
          reply.header('cache-control', FIXED_CACHE_CONTROL);
          const known = fixedAnswers.get(fixedKey);
          if (known !== undefined) return sendFixedAnswer(request, reply, known);
        }
        const ctx = {
          body: request.body,
          params: (request.params ?? {}) as Record<string, string>,
          ip: request.ip,
          request,
          userId: request.userId ?? 0,
          sessionId: request.sessionId ?? '',
        };
        const answer = await (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
        if (fixedAnswers && fixedKey !== undefined) {
          const json = JSON.stringify(call.response.parse(answer));
          // Past the kept bodies, an answer goes out as it is: never compressed per request on this path.
          if (fixedAnswers.size >= FIXED_ANSWERS_PER_CALL)
            return reply.type('application/json; charset=utf-8').send(json);
          const fixed = fixedAnswer(json);
          fixedAnswers.set(fixedKey, fixed);
          return sendFixedAnswer(request, reply, fixed);
        }
        return answer;
      },
    });
  };
}
