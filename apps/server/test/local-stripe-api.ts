import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A small peer that answers the Stripe API routes our Stripe adapter uses, with Stripe's shapes and
// Stripe's test payment methods (https://docs.stripe.com/testing#cards):
//   pm_card_visa                              attaches and pays
//   pm_card_chargeDeclined                    declined (card_declined) when attached
//   pm_card_chargeDeclinedInsufficientFunds   declined (insufficient_funds) when attached
//   pm_card_chargeCustomerFail                attaches; every charge is declined
// Every request is recorded so tests can check what the adapter sent.

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The form-encoded body, flat: `items[0][quantity]` → `3`. */
  form: Record<string, string>;
}

type Json = Record<string, unknown>;

const TEST_CARDS: Record<string, { brand: string; last4: string; attach?: string; charge?: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', attach: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', attach: 'insufficient_funds' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', charge: 'generic_decline' },
};

const DECLINES: Record<string, { code: string; message: string }> = {
  generic_decline: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', message: 'Your card has insufficient funds.' },
};

export async function startLocalStripeApi(options: { now: () => Date }) {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json & { invoice_settings: { default_payment_method: string | null } }>();
  const attached = new Map<string, string>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_test_${++sequence}`;
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);

  const paymentMethod = (id: string) => {
    const card = TEST_CARDS[id];
    if (!card) return undefined;
    return {
      id,
      object: 'payment_method',
      type: 'card',
      customer: attached.get(id) ?? null,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
      billing_details: {
        email: 'billing@example.com',
        name: 'Ada Admin',
        phone: null,
        address: { country: 'US', postal_code: '94107', city: null, line1: null, line2: null, state: null },
      },
      created: nowSeconds(),
      livemode: false,
      metadata: {},
    };
  };

  /** A Stripe-shaped invoice for one period of a subscription. */
  function makeInvoice(sub: Json, start: number, end: number, paid: boolean) {
    const item = (sub.items as { data: Json[] }).data[0]!;
    const quantity = item.quantity as number;
    const invoice = {
      id: nextId('in'),
      object: 'invoice',
      customer: sub.customer,
      number: `TEST-${sequence}`,
      status: paid ? 'paid' : 'open',
      currency: 'usd',
      total: quantity * 4999,
      amount_due: quantity * 4999,
      amount_paid: paid ? quantity * 4999 : 0,
      period_start: start,
      period_end: start,
      created: nowSeconds(),
      status_transitions: { paid_at: paid ? nowSeconds() : null, finalized_at: nowSeconds() },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
      lines: {
        object: 'list',
        has_more: false,
        data: [{ id: nextId('il'), object: 'line_item', quantity, amount: quantity * 4999, period: { start, end } }],
      },
      livemode: false,
      metadata: {},
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  const cardError = (decline: string) => {
    const { code, message } = DECLINES[decline]!;
    return { status: 402, body: { error: { type: 'card_error', code, decline_code: decline, message } } };
  };
  const missing = (what: string, id: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } },
  });

  function route(req: RecordedRequest): { status: number; body: unknown } {
    const { method, path, form } = req;
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    const attachPath = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    const paymentMethodPath = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const payPath = /^\/v1\/invoices\/([^/]+)\/pay$/.exec(path);
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: nextId('cus'),
        object: 'customer',
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: { businessId: form['metadata[businessId]'] },
        invoice_settings: { default_payment_method: null as string | null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && customerPath) {
      const customer = customers.get(customerPath[1]!);
      if (!customer) return missing('customer', customerPath[1]!);
      const pm = form['invoice_settings[default_payment_method]'];
      if (pm !== undefined) customer.invoice_settings.default_payment_method = pm || null;
      return { status: 200, body: customer };
    }
    if (method === 'POST' && attachPath) {
      const card = TEST_CARDS[attachPath[1]!];
      if (!card) return missing('PaymentMethod', attachPath[1]!);
      if (card.attach) return cardError(card.attach);
      attached.set(attachPath[1]!, form.customer!);
      return { status: 200, body: paymentMethod(attachPath[1]!) };
    }
    if (method === 'GET' && paymentMethodPath) {
      const pm = paymentMethod(paymentMethodPath[1]!);
      return pm ? { status: 200, body: pm } : missing('PaymentMethod', paymentMethodPath[1]!);
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = customers.get(form.customer!);
      if (!customer) return missing('customer', form.customer!);
      const pm = customer.invoice_settings.default_payment_method;
      const card = pm ? TEST_CARDS[pm] : undefined;
      // error_if_incomplete: a first payment that fails leaves no subscription.
      if (!card) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'This customer has no attached payment source or default payment method.',
            },
          },
        };
      }
      if (card.charge) return cardError(card.charge);
      const start = nowSeconds();
      const end = start + 30 * 24 * 3600;
      const sub: Json = {
        id: nextId('sub'),
        object: 'subscription',
        customer: customer.id,
        status: 'active',
        start_date: start,
        metadata: { businessId: form['metadata[businessId]'] },
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              object: 'subscription_item',
              price: { id: form['items[0][price]'] },
              quantity: Number(form['items[0][quantity]']),
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
      };
      const invoice = makeInvoice(sub, start, end, true);
      sub.latest_invoice = form['expand[0]'] === 'latest_invoice' ? invoice : invoice.id;
      subscriptions.set(sub.id as string, { ...sub, latest_invoice: invoice.id });
      return { status: 200, body: sub };
    }
    if (subscriptionPath) {
      const sub = subscriptions.get(subscriptionPath[1]!);
      if (!sub) return missing('subscription', subscriptionPath[1]!);
      if (method === 'DELETE') sub.status = 'canceled';
      if (method === 'POST') {
        const item = (sub.items as { data: Json[] }).data[0]!;
        if (form['items[0][quantity]'] !== undefined) item.quantity = Number(form['items[0][quantity]']);
      }
      return { status: 200, body: sub };
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = [...invoices.values()].filter(
        (i) =>
          (!req.query.get('customer') || i.customer === req.query.get('customer')) &&
          (!req.query.get('status') || i.status === req.query.get('status')) &&
          (!req.query.get('subscription') ||
            (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription ===
              req.query.get('subscription')),
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
    }
    if (method === 'POST' && payPath) {
      const invoice = invoices.get(payPath[1]!);
      if (!invoice) return missing('invoice', payPath[1]!);
      const customer = customers.get(invoice.customer as string)!;
      const card = TEST_CARDS[customer.invoice_settings.default_payment_method ?? ''];
      if (!card || card.charge) return cardError(card?.charge ?? 'generic_decline');
      Object.assign(invoice, {
        status: 'paid',
        amount_paid: invoice.total,
        status_transitions: { paid_at: nowSeconds(), finalized_at: nowSeconds() },
      });
      return { status: 200, body: invoice };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        form,
      };
      requests.push(recorded);
      const { status, body } = route(recorded);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    subscriptions,
    invoices,
    /** A renewal as Stripe makes it: the next period and its invoice (paid or not). */
    renew(subscriptionId: string, paid: boolean) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = (sub.items as { data: Json[] }).data[0]!;
      const start = item.current_period_end as number;
      const end = start + 30 * 24 * 3600;
      Object.assign(item, { current_period_start: start, current_period_end: end });
      sub.status = paid ? 'active' : 'past_due';
      return makeInvoice(sub, start, end, paid);
    },
    /** The env that points the app's Stripe adapter here. */
    env(): Record<string, string> {
      return {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_local',
        STRIPE_PRICE_ID: 'price_test_per_user',
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(port),
        STRIPE_API_PROTOCOL: 'http',
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LocalStripeApi = Awaited<ReturnType<typeof startLocalStripeApi>>;
