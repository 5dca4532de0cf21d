import {
  APP_VERSION,
  type ClientConfig,
  ENVIRONMENT_NAME,
  readClientConfig,
  SUBSCRIPTION_PRICE_PER_USER,
} from '@leadcircle/shared';
import { createContext, type ReactNode, useContext } from 'react';
import { reportError } from './error-reporter';

// What the server tells the browser about its configuration, loaded once at boot.

const CLIENT_CONFIG_URL = '/api/client-config';

// Used when the server cannot be reached at boot: nothing optional is switched on.
const offlineConfig: ClientConfig = {
  version: APP_VERSION,
  environment: ENVIRONMENT_NAME,
  sentryDsn: null,
  supportEmail: '',
  downloadApp: { iosUrl: '', androidUrl: '' },
  providers: { google: null, apple: null, linkedin: false },
  // The server's default: the local payment provider, our own card fields.
  // No tiles offline: the map shows its marker on a blank background.
  maps: { googleMapsApiKey: null, tileUrl: '', tileAttribution: '' },
  billing: { provider: 'local', stripePublishableKey: null, pricePerUser: SUBSCRIPTION_PRICE_PER_USER },
};

/**
 * The server's answer, read by the contract's rules (readClientConfig: without zod, so the first render
 * waits for no schema; docs/decisions/performance.md); the offline config when it cannot be had or
 * does not pass.
 */
export async function loadClientConfig(fetchFn: typeof fetch = fetch): Promise<ClientConfig> {
  try {
    const response = await fetchFn(CLIENT_CONFIG_URL);
    if (!response.ok) throw new Error(`GET ${CLIENT_CONFIG_URL} answered ${response.status}`);
    const config = readClientConfig(await response.json());
    if (!config) throw new Error(`GET ${CLIENT_CONFIG_URL} answered no client config`);
    return config;
  } catch (error) {
    reportError(error, { during: 'loading client-config' });
    return offlineConfig;
  }
}

const ClientConfigContext = createContext<ClientConfig>(offlineConfig);

export function ClientConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext.Provider value={config}>{children}</ClientConfigContext.Provider>;
}

export function useClientConfig(): ClientConfig {
  return useContext(ClientConfigContext);
}
