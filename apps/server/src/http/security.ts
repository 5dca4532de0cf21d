import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

// The hosts a third-party script needs, per CSP directive, as its provider documents them; a
// provider's hosts are listed only when it is configured.
interface ProviderHosts {
  script: string[];
  frame?: string[];
  connect: string[];
  style?: string[];
  img?: string[];
  font?: string[];
}

// The sign-in scripts.
const GOOGLE_IDENTITY_SERVICES: ProviderHosts = {
  script: ['https://accounts.google.com/gsi/client'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
  style: ['https://accounts.google.com/gsi/style'],
};
const SIGN_IN_WITH_APPLE_JS: ProviderHosts = {
  script: ['https://appleid.cdn-apple.com'],
  frame: ['https://appleid.apple.com'],
  connect: ['https://appleid.apple.com'],
};
// Stripe.js and its Elements iframes (Stripe's documented CSP), when Stripe is the payment provider.
const STRIPE_JS: ProviderHosts = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

// The Maps JavaScript API and Places autocomplete (Google's documented CSP hosts), when a key is set.
const GOOGLE_MAPS_JS: ProviderHosts = {
  script: ['https://maps.googleapis.com'],
  connect: ['https://maps.googleapis.com'],
  img: ['https://maps.gstatic.com', 'https://*.googleapis.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

/**
 * The img-src source of a Leaflet tile URL: its origin when it is an http(s) address (a `{s}`
 * subdomain placeholder becomes a wildcard); nothing for a path on this server ('self' covers it).
 */
export function tileImageSource(tileUrl: string | undefined): string | undefined {
  const match = tileUrl ? /^(https?):\/\/([^/?#]+)/i.exec(tileUrl) : null;
  if (!match) return undefined;
  const host = match[2]!.replace(/^\{s\}\./, '*.');
  // Any other placeholder in the host cannot be written as a CSP source.
  if (/[{}]/.test(host)) return undefined;
  return `${match[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

export interface SecurityHeaderOptions {
  sentryDsn?: string;
  /** Google Identity Services is loaded by the sign-in page. */
  google?: boolean;
  /** Sign in with Apple JS is loaded by the sign-in page. */
  apple?: boolean;
  /** Stripe.js is loaded for the card fields (Stripe is the payment provider). */
  stripe?: boolean;
  /** Leaflet's tile server (MAP_TILE_URL): its tiles are images. */
  mapTileUrl?: string;
  /** Google Maps and Places are loaded by the address form (GOOGLE_MAPS_API_KEY is set). */
  googleMaps?: boolean;
  /** Strict-Transport-Security: on HTTPS answers ('auto'), on every answer, or never. */
  hsts?: 'auto' | 'always' | 'never';
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The security headers, worked out once: helmet's with a strict CSP (the web app keeps tokens in local
 * storage, so no inline script may run). They are the same for every answer.
 */
export function securityHeaders(options: SecurityHeaderOptions): [string, string][] {
  const connectSrc = ["'self'"];
  if (options.sentryDsn) connectSrc.push(new URL(options.sentryDsn).origin);
  const scriptSrc = ["'self'"];
  const frameSrc = ["'self'"];
  const styleSrc = ["'self'", "'unsafe-inline'"];
  const imgSrc = ["'self'", 'data:', 'blob:'];
  const fontSrc = ["'self'", 'data:'];
  const tiles = tileImageSource(options.mapTileUrl);
  if (tiles) imgSrc.push(tiles);
  const providers = [
    options.google && GOOGLE_IDENTITY_SERVICES,
    options.apple && SIGN_IN_WITH_APPLE_JS,
    options.stripe && STRIPE_JS,
    options.googleMaps && GOOGLE_MAPS_JS,
  ];
  for (const hosts of providers) {
    if (!hosts) continue;
    scriptSrc.push(...hosts.script);
    frameSrc.push(...(hosts.frame ?? []));
    connectSrc.push(...hosts.connect);
    styleSrc.push(...(hosts.style ?? []));
    imgSrc.push(...(hosts.img ?? []));
    fontSrc.push(...(hosts.font ?? []));
  }
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        // MUI (emotion) injects style elements.
        styleSrc,
        frameSrc,
        imgSrc,
        fontSrc,
        connectSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The Google and Apple sign-in popups talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Never framed: the same rule as frame-ancestors 'none', for browsers without CSP level 2.
    xFrameOptions: { action: 'deny' },
    // Set per answer, only where it travels over HTTPS.
    strictTransportSecurity: false,
  });
  // Helmet writes its headers on a response; this one only keeps them.
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  middleware({} as never, response as never, () => {});
  return headers;
}

/**
 * What an answer of the API carries instead of the page's headers (JSON, CSV, PDF and pictures: no page
 * runs in it): a policy that allows nothing, and what still matters for any answer (OWASP's headers for
 * REST): not sniffed, not framed, not readable from another site. The page-only ones (the page's script
 * and connect sources, opener and agent cluster, referrer, DNS prefetch, IE's download and XSS switches,
 * Flash's cross-domain policy) would be 700 bytes written on every call for nothing.
 */
export const API_SECURITY_HEADERS: [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/** A path the API answers, not a page (the API's own documentation is a page). */
const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Sets the headers every answer carries from one hook, as the request arrives (so a refusal by a hook,
 * an error and a 404 carry them too): its request id, the security headers as they were worked out at
 * start (the page's on pages and files, API_SECURITY_HEADERS on the API's answers), and
 * Strict-Transport-Security where the answer travels over HTTPS (or always, or never). They go in
 * Fastify's own header list, written once with the answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const pageHeaders = Object.fromEntries(securityHeaders(options));
  const apiHeaders = Object.fromEntries(API_SECURITY_HEADERS);
  const hsts = options.hsts ?? 'auto';
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    // request.protocol reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (hsts === 'always' || (hsts === 'auto' && request.protocol === 'https')) {
      reply.header('strict-transport-security', HSTS_VALUE);
    }
    done();
  });
}
