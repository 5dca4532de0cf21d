/// <reference path="./oidc-provider.d.ts" />
import crypto from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID provider (the `oidc-provider` package) on a local port, playing Google, Apple or
// LinkedIn for the API tests and the browser tests. It publishes its discovery
// document and keys, shows its own sign-in and consent pages, issues codes and signed ID tokens.
// The tests own its signing key, so they can also make tokens a real provider would never issue.

export interface LocalAccount {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
}

export interface LocalClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  response_types?: string[];
  grant_types?: string[];
  token_endpoint_auth_method?: string;
}

/** Apple's way of authenticating a client at the token endpoint: client_secret is an ES256 JWT. */
export interface AppleStyleClient {
  clientId: string;
  teamId: string;
  keyId: string;
  publicKey: CryptoKey;
}

export interface LocalOpenIdProvider {
  issuer: string;
  /** The provider's own signing key (published in its JWKS). */
  signingKey: { privateKey: CryptoKey; kid: string };
  /** Accounts by login; a login not listed signs in as an account derived from it (see accountFor). */
  accounts: Map<string, LocalAccount>;
  /** Fills in the provider's sign-in and consent pages like a person; answers where it redirects to. */
  authorize(url: string | URL, login: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * An unlisted login signs in as itself: an address login gets that address, verified, and a name
 * made of its first two words ("morgan.lee.17@example.com" is Morgan Lee).
 */
export function accountFor(login: string, accounts: Map<string, LocalAccount>): LocalAccount {
  const listed = accounts.get(login);
  if (listed) return listed;
  if (!login.includes('@')) return {};
  const [first = '', last = ''] = login
    .split('@')[0]!
    .split(/[._-]/)
    .filter((w) => /^[a-z]+$/i.test(w));
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return { email: login, email_verified: true, given_name: capital(first), family_name: capital(last) };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startLocalOpenIdProvider(options: {
  clients: LocalClient[];
  appleStyleClient?: AppleStyleClient;
  host?: string;
  /** false: the profile and e-mail claims only at the UserInfo endpoint, as OpenID Connect's default. */
  claimsInIdToken?: boolean;
}): Promise<LocalOpenIdProvider> {
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = crypto.randomUUID();
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, LocalAccount>();

  // The Apple-style client is registered with a plain secret; the JWT is checked in front of the provider.
  const appleRegisteredSecret = crypto.randomBytes(24).toString('base64url');
  const clients = options.clients.map((c) =>
    c.client_id === options.appleStyleClient?.clientId
      ? { ...c, client_secret: appleRegisteredSecret, token_endpoint_auth_method: 'client_secret_post' }
      : c,
  );

  const provider = new Provider(issuer, {
    clients,
    jwks: { keys: [jwk] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // Like Google, Apple and LinkedIn: the ID token carries the profile and e-mail claims.
    conformIdTokenClaims: options.claimsInIdToken === false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, ...accountFor(id, accounts) };
        },
      };
    },
  });
  const handle = provider.callback();

  server.on('request', (req, res) => {
    const apple = options.appleStyleClient;
    if (!apple || req.method !== 'POST' || !req.url?.startsWith('/token')) return handle(req, res);
    void (async () => {
      const form = new URLSearchParams((await readBody(req)).toString());
      if (form.get('client_id') === apple.clientId) {
        try {
          const { protectedHeader } = await jwtVerify(form.get('client_secret') ?? '', apple.publicKey, {
            algorithms: ['ES256'],
            issuer: apple.teamId,
            subject: apple.clientId,
            audience: issuer,
          });
          if (protectedHeader.kid !== apple.keyId) throw new Error('kid');
        } catch {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid_client', error_description: 'client_secret is not valid' }));
          return;
        }
        form.set('client_secret', appleRegisteredSecret);
      }
      // oidc-provider reads an already-read body from req.body.
      (req as IncomingMessage & { body?: Buffer }).body = Buffer.from(form.toString());
      handle(req, res);
    })();
  });

  async function authorize(url: string | URL, login: string): Promise<URL> {
    const cookies = new Map<string, string>();
    const keep = (res: Response) => {
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let next = new URL(url);
    for (let step = 0; step < 20; step++) {
      if (next.origin !== new URL(issuer).origin) return next;
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader() } });
      keep(res);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        next = new URL(location, next);
        continue;
      }
      const page = await res.text();
      if (res.status !== 200 || !next.pathname.startsWith('/interaction/')) {
        throw new Error(`the provider answered ${res.status} at ${next.pathname}: ${page.slice(0, 500)}`);
      }
      // The provider's own pages: the sign-in form, then the consent form.
      const form: Record<string, string> = page.includes('name="login"')
        ? { prompt: 'login', login, password: 'any password' }
        : { prompt: 'consent' };
      const posted = await fetch(next, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
      keep(posted);
      const after = posted.headers.get('location');
      if (!after) throw new Error(`the provider did not move on after ${form.prompt}: ${posted.status}`);
      next = new URL(after, next);
    }
    throw new Error('the provider kept redirecting');
  }

  return {
    issuer,
    signingKey: { privateKey: (await importJWK(jwk, 'RS256')) as CryptoKey, kid },
    accounts,
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
