import { OutboundError, type OutboundPolicy, outboundRequest } from '../../lib/outbound.js';

// Every call to a CRM: through the outbound helper (https in production, no private address, a timeout, a
// bounded answer), JSON in and out, and the answer sorted into what the caller does next. The tokens it
// sends are never logged, and no error names them.

/** Larger answers are refused: nothing the product reads from a CRM comes near it. */
export const CRM_ANSWER_MAX_BYTES = 1024 * 1024;

/**
 * unreachable: no usable answer (timeout, refused address, HTML, too large); unauthorized: 401, the access
 * token is spent; retry: 429 or 5xx, after retryAfterMs when the CRM said; refused: a 4xx retrying cannot
 * fix, in the CRM's words; not-found: 404.
 */
export type CrmErrorKind = 'unreachable' | 'unauthorized' | 'retry' | 'refused' | 'not-found';

export class CrmError extends Error {
  constructor(
    readonly kind: CrmErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface CrmRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  bearer?: string;
  json?: unknown;
  form?: Record<string, string>;
}

export function crmPolicy(outbound: {
  requireHttps: boolean;
  allowLoopback: boolean;
  timeoutMs: number;
}): OutboundPolicy {
  return { ...outbound, maxRedirects: 3, maxResponseBytes: CRM_ANSWER_MAX_BYTES };
}

function unreachable(error: OutboundError, timeoutMs: number): CrmError {
  const redirect = error.afterRedirect ? 'redirected to an address that ' : '';
  switch (error.reason) {
    case 'timeout':
      return new CrmError('unreachable', `The CRM did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
    case 'too-large':
      return new CrmError('unreachable', 'The CRM answered with more than 1 MB; that is not an answer we expect.');
    case 'address':
      return new CrmError('unreachable', `The CRM ${redirect}is not a public internet address.`);
    case 'protocol':
      return new CrmError('unreachable', `The CRM ${redirect}is not an https:// address.`);
    case 'redirects':
      return new CrmError('unreachable', 'The CRM redirected too many times.');
    default:
      return new CrmError('unreachable', 'The CRM could not be reached.');
  }
}

/** Seconds or an HTTP date, as Retry-After says; null when it says nothing usable. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The CRM's own words from an error answer: Salesforce's [{message}], HubSpot's {message}, OAuth's error_description. */
export function crmWords(body: unknown): string | null {
  const first = Array.isArray(body) ? body[0] : body;
  if (!first || typeof first !== 'object') return null;
  const o = first as Record<string, unknown>;
  const words = o.message ?? o.error_description ?? o.error;
  return typeof words === 'string' && words.trim() ? words.trim().slice(0, 500) : null;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** One call; a 2xx answers its JSON (null when empty), anything else throws a CrmError. */
export async function crmRequest(policy: OutboundPolicy, url: string, request: CrmRequest): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  let response: Awaited<ReturnType<typeof outboundRequest>>;
  try {
    response = await outboundRequest(policy, url, { method: request.method, headers, body });
  } catch (error) {
    if (error instanceof OutboundError) throw unreachable(error, policy.timeoutMs);
    throw error;
  }
  const parsed = parseJson(response.body);
  const status = response.status;
  if (status === 401) throw new CrmError('unauthorized', 'The CRM refused the access token.');
  if (status === 429 || status >= 500) {
    const words = parsed.ok ? crmWords(parsed.value) : null;
    throw new CrmError(
      'retry',
      words ?? `The CRM is busy (HTTP ${status}).`,
      retryAfterMs(response.headers['retry-after'], Date.now()),
    );
  }
  if (!parsed.ok) throw new CrmError('unreachable', 'The CRM answered with a web page, not its API.');
  if (status === 404) throw new CrmError('not-found', crmWords(parsed.value) ?? 'The CRM has no such record.');
  if (status >= 300)
    throw new CrmError('refused', crmWords(parsed.value) ?? `The CRM refused the call (HTTP ${status}).`);
  return parsed.value;
}
