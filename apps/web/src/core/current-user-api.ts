import {
  type Business,
  browserTimeZone,
  businessCallPaths,
  CHOSEN_UTC_TIME_ZONE,
  type CurrentUser,
  DEFAULT_TIME_ZONE,
  userCallPaths,
} from '@leadcircle/shared';
import { browserStorage, type KeyValueStorage } from '../lib/key-value-storage';
import { baseApi } from './base-api';
import type { CallExtraOptions } from './base-query';

// The calls are named by their paths, without their schemas: the session slice (in every first load) reads
// these endpoints, and zod stays out of the first load.

// A user without a business gets 404 'business not found': that simply means "no business".
const businessNotFound: CallExtraOptions = { silentStatuses: [404] };
// A zone the server does not know is answered 400: the caller shows it, or (adopting the browser's) drops it.
const unknownTimeZone: CallExtraOptions = { silentStatuses: [400] };

/**
 * The browser's zone, for an account still on the default (it never chose one, and was made before zones
 * were kept or from a browser on UTC); undefined when there is nothing to change.
 */
export function timeZoneToAdopt(user: CurrentUser, browserZone: string | undefined): string | undefined {
  if (user.timeZone !== DEFAULT_TIME_ZONE || !browserZone) return undefined;
  return browserZone === DEFAULT_TIME_ZONE || browserZone === CHOSEN_UTC_TIME_ZONE ? undefined : browserZone;
}

// An account on the default zone has the browser asked at most once a day, per browser and account: the
// question loads the browser's zone data (tens of milliseconds on a phone) that a page showing no date
// never needs, and a browser on UTC gives the same answer on every page.
const ZONE_CHECK_KEY = 'leadcircle.zoneCheck';
const ZONE_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the browser's zone is to be asked for this account now (never in the last day here). `storage` is a
 * getter: a browser without storage (where reaching it throws) is asked on every page, as before.
 */
export function isZoneCheckDue(storage: () => KeyValueStorage, userId: number, now: number): boolean {
  try {
    const last = JSON.parse(storage().getItem(ZONE_CHECK_KEY) ?? 'null') as { userId?: unknown; at?: unknown } | null;
    if (last?.userId !== userId || typeof last.at !== 'number') return true;
    return now < last.at || now - last.at >= ZONE_CHECK_EVERY_MS;
  } catch {
    return true;
  }
}

export function rememberZoneCheck(storage: () => KeyValueStorage, userId: number, now: number): void {
  try {
    storage().setItem(ZONE_CHECK_KEY, JSON.stringify({ userId, at: now }));
  } catch {
    // No storage: asked again on the next page.
  }
}

// The longest a deferred task waits for the browser to be idle.
const IDLE_TIMEOUT_MS = 2000;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser, void>({
      query: () => ({ call: userCallPaths.get, body: {} }),
      providesTags: ['CurrentUser'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const user = (await queryFulfilled).data;
          if (user.timeZone !== DEFAULT_TIME_ZONE || !isZoneCheckDue(browserStorage, user.userId, Date.now())) return;
          // The browser is asked once the page has shown: its first zone question loads the zone data,
          // tens of milliseconds on a phone that the first render does not wait for.
          await whenIdle();
          rememberZoneCheck(browserStorage, user.userId, Date.now());
          const zone = timeZoneToAdopt(user, browserTimeZone());
          if (zone) void dispatch(usersApi.endpoints.updateTimeZone.initiate({ time_zone: zone }));
        } catch {
          // The page shows the failure.
        }
      },
    }),
    // The answer is the updated user: it replaces the cached one.
    updateTimeZone: build.mutation<CurrentUser, { time_zone: string }>({
      query: (body) => ({ call: userCallPaths.updateTimeZone, body }),
      extraOptions: unknownTimeZone,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(usersApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    getMyBusiness: build.query<Business | null, void>({
      extraOptions: businessNotFound,
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ call: businessCallPaths.getByUser, body: {} });
        if (result.error?.status === 404) return { data: null };
        return result.error ? { error: result.error } : { data: result.data as Business };
      },
      providesTags: ['Business'],
    }),
  }),
});

export const { useGetCurrentUserQuery, useGetMyBusinessQuery, useUpdateTimeZoneMutation } = usersApi;
