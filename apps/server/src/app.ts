import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@leadcircle/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createActivityRecorder } from './activity/activity-recorder.js';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createAccessTokens } from './http/access-token.js';
import { createAuthGuard, createCallRegistrar, createTokenGuard, type RawRoutes } from './http/call.js';
import { registerErrorHandler } from './http/errors.js';
import { genRequestId, loggerOptions, registerAccessLog } from './http/logging.js';
import { registerSecurityHeaders } from './http/security.js';
import { type Clock, systemClock } from './lib/clock.js';
import { loadJwtSecret } from './lib/secrets.js';
import { findActiveUser } from './modules/accounts/accounts.service.js';
import { registerActivityRoutes } from './modules/activities/activities.routes.js';
import { registerAddressRoutes } from './modules/address/address.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerSocialRoutes } from './modules/auth/social.routes.js';
import { registerBillingRawRoutes, registerBillingRoutes } from './modules/billing/billing.routes.js';
import { registerBusinessRoutes } from './modules/business/business.routes.js';
import {
  registerBusinessUserRawRoutes,
  registerBusinessUserRoutes,
} from './modules/business-users/business-users.routes.js';
import { socketRoomsForChatRoom, socketRoomsOf } from './modules/chat/chat.access.js';
import { registerChatRawRoutes, registerChatRoutes } from './modules/chat/chat.routes.js';
import { registerCrmRoutes } from './modules/crm/crm.routes.js';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.js';
import { registerGroupRoutes } from './modules/groups/groups.routes.js';
import { registerHealthRawRoutes } from './modules/health/health.routes.js';
import { registerLeadImportRawRoutes, registerLeadImportRoutes } from './modules/lead-imports/lead-imports.routes.js';
import { registerLeadRawRoutes, registerLeadRoutes } from './modules/leads/leads.routes.js';
import { registerLookupRoutes } from './modules/lookups/lookups.routes.js';
import { registerDevMailRawRoutes } from './modules/mail/dev-mail.routes.js';
import {
  registerNotificationRawRoutes,
  registerNotificationRoutes,
} from './modules/notifications/notifications.routes.js';
import { registerPushRoutes } from './modules/notifications/push.routes.js';
import { registerOpportunityRoutes } from './modules/opportunities/opportunities.routes.js';
import { registerRatingRoutes } from './modules/ratings/ratings.routes.js';
import { registerSearchRoutes } from './modules/search/search.routes.js';
import { registerTerritoryRoutes } from './modules/territories/territories.routes.js';
import { registerAvatarRawRoutes } from './modules/users/avatars.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { createBillingProvider } from './providers/billing/create-billing-provider.js';
import { createFileStorage } from './providers/files/create-file-storage.js';
import { createMailer } from './providers/mail/mailer.js';
import type { RealtimePublisher } from './realtime/publisher.js';
import { createRealtimeServer } from './realtime/socket-server.js';
import { teePublisher } from './realtime/tee-publisher.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Also receives every realtime event (tests record them); sockets always get them. */
  realtime?: RealtimePublisher;
  /** Where log lines go (standard output when absent); tests read them. */
  logStream?: { write(line: string): void };
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
}

/** Builds the whole app on a database; main.ts listens, tests call it with inject(). */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  realtime: alsoPublishTo,
  logStream,
}: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream && { stream: logStream }) },
    genReqId: genRequestId,
    requestIdHeader: false,
    // One access line per request instead, at a measured cost (registerAccessLog).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Unknown fields are refused by the schemas, not silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
  });
  // Every call takes JSON; anything else is 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerAccessLog(app, config.accessLog);

  const log = app.log as unknown as Logger;
  const jwtSecret = loadJwtSecret(config.jwtSecret, config.dataDir);
  const accessTokens = createAccessTokens(jwtSecret, clock);
  // Socket.IO on the same HTTP server and port; membership is read from the database at every connection.
  const realtimeServer = await createRealtimeServer({
    httpServer: app.server,
    clock,
    log,
    redis: config.redis,
    access: {
      verifyToken: (token) => accessTokens.verify(token),
      isActiveUser: async (userId) => (await findActiveUser(deps, userId)) !== undefined,
      roomsOf: (userId) => socketRoomsOf(database.db, userId),
      roomsForChatRoom: (userId, roomId) => socketRoomsForChatRoom(database.db, userId, roomId),
    },
  });
  // Sockets are closed first, so closing the HTTP server does not wait for them.
  app.addHook('preClose', async () => realtimeServer.close());
  const realtime = alsoPublishTo ? teePublisher(realtimeServer.publisher, alsoPublishTo) : realtimeServer.publisher;
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    log,
    accessTokens,
    mailer: createMailer({ db: database.db, clock, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    files: createFileStorage(config.files),
    billing: await createBillingProvider(config.billing, { db: database.db, clock }),
    realtime,
    activities: createActivityRecorder(clock, database.db, realtime, (error) =>
      log.warn({ err: error }, 'activity announce failed'),
    ),
  };

  registerErrorHandler(app);
  // Answers over 1 KB are compressed on the way out (brotli at a fast level, or gzip); the web app's
  // files are compressed once at build time and sent as they are (preCompressed below).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // The request id and the security headers, on every answer.
  registerSecurityHeaders(app, {
    sentryDsn: config.sentryDsn,
    // External sign-in scripts are allowed only for the providers that are configured.
    google: config.social.google !== null,
    apple: config.social.apple !== null,
    stripe: config.billing.provider === 'stripe',
    mapTileUrl: config.maps.tileUrl,
    googleMaps: config.maps.googleMapsApiKey !== null,
    hsts: config.hsts,
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

  const authenticate = createAuthGuard(deps.accessTokens, (userId) => findActiveUser(deps, userId));
  // JSON calls: registerXRoutes(call, deps). Raw routes (files, CSV, webhooks, pages): registerXRawRoutes(raw, deps).
  const call = createCallRegistrar(app, authenticate, createTokenGuard(deps.accessTokens));
  const raw: RawRoutes = { app, authenticate };
  for (const register of [
    registerAuthRoutes,
    registerSocialRoutes,
    registerUserRoutes,
    registerFeedbackRoutes,
    registerBillingRoutes,
    registerBusinessRoutes,
    registerBusinessUserRoutes,
    registerLookupRoutes,
    registerGroupRoutes,
    registerLeadRoutes,
    registerLeadImportRoutes,
    registerAddressRoutes,
    registerRatingRoutes,
    registerChatRoutes,
    registerOpportunityRoutes,
    registerCrmRoutes,
    registerTerritoryRoutes,
    registerActivityRoutes,
    registerNotificationRoutes,
    registerSearchRoutes,
    registerPushRoutes,
  ]) {
    register(call, deps);
  }
  for (const register of [
    registerHealthRawRoutes,
    registerAvatarRawRoutes,
    registerBillingRawRoutes,
    registerLeadRawRoutes,
    registerLeadImportRawRoutes,
    registerDevMailRawRoutes,
    registerChatRawRoutes,
    registerBusinessUserRawRoutes,
    registerNotificationRawRoutes,
  ]) {
    await register(raw, deps);
  }
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
    // file.br / file.gz written by the build (apps/web/build/precompress.ts), chosen by Accept-Encoding.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite names assets by content hash; index.html must always be revalidated.
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
