import { APP_VERSION, type ClientConfig, SUBSCRIPTION_PRICE_PER_USER } from '@leadcircle/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { RawRoutes } from '../../http/call.js';

// Plain GETs for probes and the web app's start-up, outside the JSON calls.
export async function registerHealthRawRoutes({ app }: RawRoutes, deps: AppDeps): Promise<void> {
  // Probes answer a few bytes: no compression hook on them (answers under 1 KB are never compressed).
  const probe = { schema: { hide: true }, compress: false } as const;

  // Liveness: the process answers.
  app.get('/api/health', probe, async () => ({ status: 'ok', version: APP_VERSION }));

  // Readiness: the database answers too.
  app.get('/api/ready', probe, async (_request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: 'The database is not reachable.', code: 'NOT_READY' });
    }
  });

  app.get(
    '/api/client-config',
    { schema: { hide: true } },
    async (): Promise<ClientConfig> => ({
      version: APP_VERSION,
      environment: deps.config.env,
      sentryDsn: deps.config.sentryDsn ?? null,
      supportEmail: deps.config.supportEmail,
      downloadApp: deps.config.downloadApp,
      // Client ids are public (the browser hands them to the provider); secrets never leave the server.
      providers: {
        google: deps.config.social.google && { clientId: deps.config.social.google.clientId },
        apple: deps.config.social.apple && { clientId: deps.config.social.apple.clientId },
        linkedin: deps.config.social.linkedin !== null,
      },
      // The Maps JavaScript API key is a browser key (restricted by referrer), public by design.
      maps: deps.config.maps,
      billing: {
        provider: deps.config.billing.provider,
        stripePublishableKey: deps.config.billing.provider === 'stripe' ? deps.config.billing.publishableKey : null,
        pricePerUser: SUBSCRIPTION_PRICE_PER_USER,
      },
    }),
  );
}
