import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// The hosts of the sign-in scripts, as each provider documents them; listed only when it is configured.
const GOOGLE_IDENTITY_SERVICES = {
  script: ['https://accounts.google.com/gsi/client'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
  style: ['https://accounts.google.com/gsi/style'],
};
const SIGN_IN_WITH_APPLE_JS = {
  script: ['https://appleid.cdn-apple.com'],
  frame: ['https://appleid.apple.com'],
  connect: ['https://appleid.apple.com'],
  style: [],
};
// Stripe.js and its Elements iframes (Stripe's documented CSP), when Stripe is the payment provider.
const STRIPE_JS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  style: [],
};

export interface SecurityHeaderOptions {
  sentryDsn?: string;
  /** Google Identity Services is loaded by the sign-in page. */
  google?: boolean;
  /** Sign in with Apple JS is loaded by the sign-in page. */
  apple?: boolean;
  /** Stripe.js is loaded for the card fields (Stripe is the payment provider). */
  stripe?: boolean;
}

/** Security headers with a strict CSP: the web app keeps tokens in local storage, so no inline script may run. */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const connectSrc = ["'self'"];
  if (options.sentryDsn) connectSrc.push(new URL(options.sentryDsn).origin);
  const scriptSrc = ["'self'"];
  const frameSrc = ["'self'"];
  const styleSrc = ["'self'", "'unsafe-inline'"];
  const providers = [
    options.google && GOOGLE_IDENTITY_SERVICES,
    options.apple && SIGN_IN_WITH_APPLE_JS,
    options.stripe && STRIPE_JS,
  ];
  for (const hosts of providers) {
    if (!hosts) continue;
    scriptSrc.push(...hosts.script);
    frameSrc.push(...hosts.frame);
    connectSrc.push(...hosts.connect);
    styleSrc.push(...hosts.style);
  }
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        // MUI (emotion) injects style elements.
        styleSrc,
        frameSrc,
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The Google and Apple sign-in popups talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
