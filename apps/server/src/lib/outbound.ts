import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

// The one way the server calls an address that a user typed (the CRM connection test, later CRM and
// webhook settings): https only in production; never a private, loopback, link-local or metadata
// address, checked after DNS resolution on every connection, redirects included; a short timeout;
// a bounded answer. It logs nothing: what it sends may hold credentials.

export interface OutboundPolicy {
  /** Production: only https:// addresses. */
  requireHttps: boolean;
  /** Tests only: lets loopback addresses (127.0.0.0/8, ::1) through, for a local test server. */
  allowLoopback: boolean;
  /** For the whole exchange, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  maxResponseBytes: number;
}

export type OutboundRefusal = 'protocol' | 'address' | 'timeout' | 'unreachable' | 'redirects' | 'too-large';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    /** True when the refusal came from a redirect, not from the address first given. */
    readonly afterRedirect = false,
  ) {
    super(`outbound request refused: ${reason}`);
  }
}

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

// Two lists: Node's BlockList matches IPv4 addresses against IPv4-mapped IPv6 subnets too.
const blocked4 = new net.BlockList();
const blocked6 = new net.BlockList();
// IPv4: "this" network, private, carrier-grade NAT, link-local (cloud metadata 169.254.169.254),
// IETF and documentation ranges, benchmarking, multicast, reserved, broadcast.
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked4.addSubnet(net4, bits, 'ipv4');
}
// IPv6: unspecified, IPv4-mapped and NAT64 (they reach IPv4 addresses), unique local (AWS metadata
// fd00:ec2::254), link-local, multicast, documentation.
for (const [net6, bits] of [
  ['::', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blocked6.addSubnet(net6, bits, 'ipv6');
}
const loopback4 = new net.BlockList();
loopback4.addSubnet('127.0.0.0', 8, 'ipv4');
const loopback6 = new net.BlockList();
loopback6.addAddress('::1', 'ipv6');

/** Whether the policy lets the server connect to this IP address. */
export function isAllowedAddress(address: string, policy: Pick<OutboundPolicy, 'allowLoopback'>): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const isLoopback = family === 4 ? loopback4.check(address, 'ipv4') : loopback6.check(address, 'ipv6');
  if (isLoopback) return policy.allowLoopback;
  return !(family === 4 ? blocked4 : blocked6).check(address, type);
}

// Connects only to vetted addresses: the lookup Node calls for each connection checks what DNS gave.
function guardedLookup(policy: OutboundPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || !list.every((a) => isAllowedAddress(a.address, policy))) {
        return callback(Object.assign(new Error('address refused'), { code: 'EADDRREFUSED' }), '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function checkUrl(raw: string, policy: OutboundPolicy, afterRedirect: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('protocol', afterRedirect);
  }
  const allowed = policy.requireHttps ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol) || url.username || url.password)
    throw new OutboundError('protocol', afterRedirect);
  // An address written as an IP is not looked up: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0 && !isAllowedAddress(host, policy)) throw new OutboundError('address', afterRedirect);
  return url;
}

function sendOnce(url: URL, request: OutboundRequest, policy: OutboundPolicy, signal: AbortSignal, hop: number) {
  return new Promise<OutboundResponse>((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(
      url,
      {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body !== undefined && { 'content-length': Buffer.byteLength(request.body) }),
        },
        lookup: guardedLookup(policy),
        signal,
        // Node's own proxies and agents are not used: every connection goes through the lookup above.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxResponseBytes) {
            req.destroy();
            reject(new OutboundError('too-large', hop > 0));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            url: url.href,
          }),
        );
        res.on('error', (error) => reject(error));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) return reject(new OutboundError('timeout', hop > 0));
      if (error.code === 'EADDRREFUSED') return reject(new OutboundError('address', hop > 0));
      reject(new OutboundError('unreachable', hop > 0));
    });
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One request to a user-given address under the policy; redirects are followed and checked again. */
export async function outboundRequest(
  policy: OutboundPolicy,
  rawUrl: string,
  request: OutboundRequest,
): Promise<OutboundResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  try {
    let url = checkUrl(rawUrl, policy, false);
    let current = request;
    for (let hop = 0; ; hop += 1) {
      const response = await sendOnce(url, current, policy, controller.signal, hop);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.status) || !location) return response;
      if (hop >= policy.maxRedirects) throw new OutboundError('redirects', true);
      url = checkUrl(new URL(location, url).href, policy, true);
      // 301, 302 and 303 continue as a GET without the body, as browsers do.
      if (response.status !== 307 && response.status !== 308) current = { method: 'GET', headers: request.headers };
    }
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof OutboundError && error.reason !== 'unreachable')) {
      throw new OutboundError('timeout');
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
