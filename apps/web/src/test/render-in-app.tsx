import { APP_VERSION, type ClientConfig, type CurrentUser, SUBSCRIPTION_PRICE_PER_USER } from '@leadcircle/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { SnackbarHost } from '../components/snackbar-host';
import { usersApi } from '../core/current-user-api';
import { store } from '../core/store';
import { ClientConfigProvider } from '../lib/client-config';

// Renders a screen with the real store, router, snackbars and client config; no server is called.

export const testConfig: ClientConfig = {
  version: APP_VERSION,
  environment: 'test',
  sentryDsn: null,
  supportEmail: 'help@leadcircle.example',
  downloadApp: {
    iosUrl: 'https://apps.apple.com/app/id000000001',
    androidUrl: 'https://play.google.com/store/apps/details?id=app.leadcircle.test',
  },
  providers: { google: null, apple: null, linkedin: false },
  maps: { googleMapsApiKey: null, tileUrl: '/tiles/{z}/{x}/{y}.png', tileAttribution: 'Test tiles' },
  billing: { provider: 'local', stripePublishableKey: null, pricePerUser: SUBSCRIPTION_PRICE_PER_USER },
};

export const testUser: CurrentUser = {
  userId: 7,
  firstName: 'Dana',
  lastName: 'Rivera',
  email: 'dana.rivera@example.com',
  company: 'Northwind',
  title: 'Account Executive',
  role: 'SALES',
  hasPaymentMethod: false,
  active: false,
  business: null,
  hasTerritory: false,
  notificationSetting: { enableEmail: false, leadEmails: 'IMMEDIATE' },
  timeZone: 'UTC',
  avatarUrl: null,
};

/** Puts a signed-in user in the cache, as /user/get would. */
export async function seedCurrentUser(user: CurrentUser = testUser) {
  await store.dispatch(usersApi.util.upsertQueryData('getCurrentUser', undefined, user));
}

/**
 * `path` is the route's pattern; `initialEntry` the address opened (the pattern itself by default);
 * `children` the routes of a layout's outlet.
 */
export function renderInApp(
  element: ReactElement,
  options: { path?: string; initialEntry?: string; config?: ClientConfig; children?: RouteObject[] } = {},
) {
  const path = options.path ?? '/';
  const router = createMemoryRouter([{ path, element, children: options.children }], {
    initialEntries: [options.initialEntry ?? path],
  });
  return render(
    <Provider store={store}>
      <ClientConfigProvider config={options.config ?? testConfig}>
        <RouterProvider router={router} />
        <SnackbarHost />
      </ClientConfigProvider>
    </Provider>,
  );
}
