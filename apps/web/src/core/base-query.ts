import { type CallPath, type CallRequest, routePath, userCallPaths, type userCalls } from '@leadcircle/shared';
import { type BaseQueryApi, type BaseQueryFn, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { type ApiError, toApiError } from '../lib/api-error';
import { browserStorage, type KeyValueStorage } from '../lib/key-value-storage';
import { keepAnswer, lastAnswer } from '../lib/offline-answers';
import { readStoredSession, storeTokens } from '../lib/session-storage';
import { takeFirstCall } from './first-calls';

/**
 * What an endpoint asks for: one call of the shared contract by its path (`call-paths.ts`: endpoints name
 * no definition, so zod and the schemas stay out of the pages that send calls), its body, and the
 * path's parameters.
 */
export interface CallArgs {
  call: CallPath;
  body: unknown;
  params?: Record<string, string | number>;
}

export interface CallExtraOptions {
  // Statuses the caller expects and handles itself, so they are not reported as failures.
  silentStatuses?: readonly number[];
}

export interface SessionBaseQueryOptions {
  baseUrl: string;
  fetchFn?: typeof fetch;
  storage?: () => KeyValueStorage;
  /** New tokens are stored: the spec reloads the page. */
  onRefreshed: () => void;
  /** The session cannot go on (refresh failed, or no refresh token stored). */
  onSessionEnded: () => void;
  report: (message: string, details: Record<string, unknown>) => void;
}

export type SessionBaseQuery = BaseQueryFn<CallArgs, unknown, ApiError, CallExtraOptions>;

// The one place that sends calls: POST with the bearer token, error bodies turned
// into ApiError, failures reported, and the session rule: after a 401 try once to
// refresh the tokens; the failed call is still rejected.
export function createSessionBaseQuery(options: SessionBaseQueryOptions): SessionBaseQuery {
  const storage = options.storage ?? browserStorage;
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: options.baseUrl,
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    prepareHeaders: (headers) => {
      const { accessToken } = readStoredSession(storage());
      if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
      return headers;
    },
  });

  // Concurrent 401s share one refresh. A successful one is kept: the page reloads.
  let refreshing: Promise<boolean> | null = null;

  async function refreshTokens(api: BaseQueryApi, refreshToken: string): Promise<boolean> {
    const body: CallRequest<typeof userCalls.refreshToken> = { refresh_token: refreshToken };
    const result = await rawBaseQuery({ url: userCallPaths.refreshToken.path, method: 'POST', body }, api, {});
    if (result.error) return false;
    // The answer is checked against the contract, loaded only now (a refresh is rare).
    const { tokensResponse } = await import('@leadcircle/shared/api/users');
    const tokens = tokensResponse.safeParse(result.data);
    if (result.error || !tokens.success) return false;
    storeTokens(tokens.data, storage());
    return true;
  }

  async function handleUnauthorized(api: BaseQueryApi): Promise<void> {
    const { refreshToken } = readStoredSession(storage());
    if (!refreshToken) {
      options.onSessionEnded();
      return;
    }
    refreshing ??= refreshTokens(api, refreshToken).then((refreshed) => {
      if (refreshed) options.onRefreshed();
      else {
        refreshing = null;
        options.onSessionEnded();
      }
      return refreshed;
    });
    await refreshing;
  }

  /** The answer first-page.ts got for this very call, when it made it and it succeeded. */
  async function firstCallData(url: string, body: unknown): Promise<{ data: unknown } | undefined> {
    const response = await takeFirstCall(url, body);
    if (!response?.ok) return undefined;
    try {
      return { data: await response.json() };
    } catch {
      return undefined;
    }
  }

  return async (args, api, extraOptions = {}) => {
    const url = routePath(args.call.path, args.params);
    const body = args.body ?? {};
    const early = await firstCallData(url, body);
    if (early) {
      keepAnswer(url, body, early.data, storage());
      return early;
    }
    const result = await rawBaseQuery({ url, method: 'POST', body }, api, {});
    if (!result.error) {
      keepAnswer(url, body, result.data, storage());
      return { data: result.data, meta: result.meta };
    }

    const error = toApiError(result.error);
    // The server cannot be reached (offline): the last answer to this call, where one was kept.
    if (error.status === 0 && result.error.status === 'FETCH_ERROR') {
      const kept = lastAnswer(url, body, storage());
      if (kept) return kept;
    }
    // The session rule applies to calls made as a signed-in user; a 401 from sign-in means bad credentials.
    if (error.status === 401 && args.call.auth) {
      await handleUnauthorized(api);
    } else if (!extraOptions.silentStatuses?.includes(error.status)) {
      options.report(error.message ?? `POST ${url} failed`, { url, status: error.status, code: error.code });
    }
    return { error, meta: result.meta };
  };
}
