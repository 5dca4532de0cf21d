import { type CallPath, readErrorBody } from '@leadcircle/shared';
import type { ApiError } from '../lib/api-error';
import { reportError } from '../lib/error-reporter';

/**
 * A call a signed-out visitor makes from the sign-in screen, sent with `fetch` alone so that screen's first
 * load carries no RTK Query. Same wire format, error shape (ApiError, thrown) and reporting as the base
 * query; no bearer token and no session rule (`auth: false`: a 401 means wrong credentials).
 */
export async function signedOutCall<T>(
  call: CallPath<false>,
  body: unknown,
  options: { baseUrl?: string; fetchFn?: typeof fetch; report?: typeof reportError } = {},
): Promise<T> {
  const url = `${options.baseUrl ?? '/api'}${call.path}`;
  const report = options.report ?? reportError;
  const fail = (error: ApiError): never => {
    report(error.message ?? `POST ${url} failed`, { url, status: error.status, code: error.code });
    throw error;
  };
  let response: Response;
  try {
    response = await (options.fetchFn ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return fail({ status: 0 });
  }
  const text = await response.text().catch(() => null);
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    return fail({ status: response.status });
  }
  if (response.ok) return data as T;
  const error = readErrorBody(data);
  return fail(
    error ? { status: response.status, message: error.message, code: error.code } : { status: response.status },
  );
}
