import type { CallDefinition } from '@leadcircle/shared';
import { text } from '@leadcircle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** Declares one spec call: POST /api<path>, validated by the shared schemas both ways. */
export type CallRegistrar = <C extends CallDefinition>(call: C, handler: Handler<C>) => void;

/** Settles who is calling: sets request.userId and sessionId, or answers 401. */
export type AuthGuard = (request: FastifyRequest) => Promise<void>;

/**
 * `isActiveUser` lets the guard refuse a token whose account was hidden after the token was
 * issued (deletion requested).
 */
export function createAuthGuard(tokens: AccessTokens, isActiveUser: (userId: number) => Promise<boolean>): AuthGuard {
  return async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized('AUTH_REQUIRED');
    const claims = await tokens.verify(match[1]!);
    if (!(await isActiveUser(claims.userId))) throw unauthorized('AUTH_TOKEN_INVALID');
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  };
}

/**
 * What a module's raw routes get: those that are not JSON calls (files, CSV, webhooks, pages).
 * `authenticate` guards the ones that need a signed-in user.
 */
export interface RawRoutes {
  app: FastifyInstance;
  authenticate: AuthGuard;
}

/** Makes the registrar modules use. */
export function createCallRegistrar(app: FastifyInstance, authenticate: AuthGuard): CallRegistrar {
  return (call, handler) => {
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
      ...(call.auth && { onRequest: authenticate }),
      handler: async (request) => {
        const ctx = {
          body: request.body,
          params: (request.params ?? {}) as Record<string, string>,
          ip: request.ip,
          request,
          userId: request.userId ?? 0,
          sessionId: request.sessionId ?? '',
        };
        return (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
      },
    });
  };
}
