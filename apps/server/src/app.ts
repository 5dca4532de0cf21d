import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@leadcircle/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createAccessTokens } from './http/access-token.js';
import { createAuthGuard, createCallRegistrar } from './http/call.js';
import { registerErrorHandler } from './http/errors.js';
import { genRequestId, loggerOptions } from './http/logging.js';
import { registerSecurityHeaders } from './http/security.js';
import { type Clock, systemClock } from './lib/clock.js';
import { loadJwtSecret } from './lib/secrets.js';
import { registerAddressRoutes } from './modules/address/address.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerSocialRoutes } from './modules/auth/social.routes.js';
import { registerBillingRoutes } from './modules/billing/billing.routes.js';
import { registerBusinessRoutes } from './modules/business/business.routes.js';
import { registerChatRoutes } from './modules/chat/chat.routes.js';
import { registerCrmRoutes } from './modules/crm/crm.routes.js';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.js';
import { registerGroupRoutes } from './modules/groups/groups.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerLeadRoutes } from './modules/leads/leads.routes.js';
import { registerLookupRoutes } from './modules/lookups/lookups.routes.js';
import { registerDevMailRoutes } from './modules/mail/dev-mail.routes.js';
import { registerRatingRoutes } from './modules/ratings/ratings.routes.js';
import { registerTerritoryRoutes } from './modules/territories/territories.routes.js';
import { registerAvatarRoutes } from './modules/users/avatars.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { isActiveUser } from './modules/users/users.service.js';
import { createBillingProvider } from './providers/billing/create-billing-provider.js';
import { createFileStorage } from './providers/files/file-storage.js';
import { createMailer } from './providers/mail/mailer.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
}

/** Builds the whole app on a database; main.ts listens, tests call it with inject(). */
export async function buildApp({ config, database, clock = systemClock }: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: genRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Unknown fields are refused by the schemas, not silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
  });
  // Every call takes JSON (ARCHITECTURE §2); anything else is 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const log = app.log as unknown as Logger;
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    log,
    accessTokens: createAccessTokens(loadJwtSecret(config.jwtSecret, config.dataDir), clock),
    mailer: createMailer({ db: database.db, clock, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    files: createFileStorage(config.files),
    billing: createBillingProvider(config.billing, { db: database.db, clock }),
  };

  registerErrorHandler(app);
  await registerSecurityHeaders(app, {
    sentryDsn: config.sentryDsn,
    // External sign-in scripts are allowed only for the providers that are configured.
    google: config.social.google !== null,
    apple: config.social.apple !== null,
    stripe: config.billing.provider === 'stripe',
    mapTileUrl: config.maps.tileUrl,
    googleMaps: config.maps.googleMapsApiKey !== null,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LeadCircle API',
        version: APP_VERSION,
        description: 'Every call is POST /api/<path> with a JSON body.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const authenticate = createAuthGuard(deps.accessTokens, (userId) => isActiveUser(deps, userId));
  const call = createCallRegistrar(app, authenticate);
  registerHealthRoutes(app, deps);
  registerAuthRoutes(call, deps);
  registerSocialRoutes(call, deps);
  registerUserRoutes(call, deps);
  await registerAvatarRoutes(app, deps, authenticate);
  registerFeedbackRoutes(call, deps);
  await registerBillingRoutes(app, call, deps);
  registerBusinessRoutes(app, call, deps, authenticate);
  registerLookupRoutes(call, deps);
  registerGroupRoutes(call, deps);
  registerLeadRoutes(app, call, deps, authenticate);
  registerAddressRoutes(call);
  registerRatingRoutes(call, deps);
  registerChatRoutes(call, deps);
  registerCrmRoutes(call, deps);
  registerTerritoryRoutes(call, deps);
  registerDevMailRoutes(app, deps);
  await registerWebApp(app, config.webDistDir);

  return { app, deps };
}

/** Serves the built web app with the SPA fallback for paths without a file extension. */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(distDir, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname);
    if (isPage && hasWebApp) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: `No such call: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
  });
  if (!hasWebApp) {
    app.log.warn(`no web build in ${distDir}; run npm run build to serve the web app`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    setHeaders(reply, filePath) {
      // Vite names assets by content hash; index.html must always be revalidated.
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
