import { billingCalls, text } from '@leadcircle/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar, RawRoutes } from '../../http/call.js';
import { loadJwtSecret } from '../../lib/secrets.js';
import * as billing from './billing.service.js';
import { createInvoiceLinks } from './invoice-links.js';

// A Stripe event body is small; anything bigger is not Stripe.
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

const invoiceLinksOf = (deps: AppDeps) =>
  createInvoiceLinks(loadJwtSecret(deps.config.jwtSecret, deps.config.dataDir), deps.clock);

export function registerBillingRoutes(call: CallRegistrar, deps: AppDeps): void {
  const links = invoiceLinksOf(deps);

  call(billingCalls.localCreatePaymentMethod, ({ body }) => billing.localCreatePaymentMethod(deps, body));
  call(billingCalls.createCustomer, ({ userId, body }) => billing.createCustomer(deps, userId, body));
  call(billingCalls.updatePayment, ({ userId, body }) => billing.updatePayment(deps, userId, body));
  call(billingCalls.startSubscription, ({ userId }) => billing.startSubscription(deps, userId));
  call(billingCalls.getPaymentMethod, ({ userId }) => billing.getPaymentMethod(deps, userId));
  call(billingCalls.get, ({ userId }) => billing.getBillingInfo(deps, userId));
  call(billingCalls.invoices, ({ userId, body }) => billing.listInvoices(deps, links, userId, body.user_id));
}

/** The invoice PDF (a file) and the Stripe webhook (a raw body). */
export async function registerBillingRawRoutes({ app }: RawRoutes, deps: AppDeps): Promise<void> {
  const links = invoiceLinksOf(deps);

  // The link of an invoice's `invoicePdf`: opened by the browser itself, so it carries a signed token.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/billing/invoices/:invoiceId/pdf',
    {
      schema: {
        summary: "An invoice's PDF, through the signed link of /billing/get_stripe_invoices",
        tags: ['billing'],
        params: z.strictObject({ invoiceId: z.string().regex(/^\d{1,12}$/) }),
        querystring: z.object({ token: text().max(300).default('') }),
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await billing.invoicePdf(
        deps,
        links,
        Number(request.params.invoiceId),
        request.query.token,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // Stripe signs the exact bytes it sends: this route alone takes its body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/billing/stripe/webhook', { schema: { hide: true } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      return billing.handleStripeWebhook(
        deps,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
    });
  });
}
