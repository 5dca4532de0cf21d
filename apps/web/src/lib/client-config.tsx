import { APP_VERSION, type ClientConfig, ENVIRONMENT_NAME, SUBSCRIPTION_PRICE_PER_USER } from '@leadcircle/shared';
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

/** The configuration to start with, and the same once checked against the contract. */
export interface LoadedClientConfig {
  config: ClientConfig;
  /** The config again once the contract's schema has read it; the offline config when it does not pass. */
  check(): Promise<ClientConfig>;
}

/**
 * The server's answer. The app starts with it as it came; its check against the contract (zod)
 * loads when asked (after the first paint), so the first paint waits for no schema (docs/decisions.md,
 * "Performance").
 */
export async function loadClientConfig(fetchFn: typeof fetch = fetch): Promise<LoadedClientConfig> {
  try {
    const response = await fetchFn(CLIENT_CONFIG_URL);
    if (!response.ok) throw new Error(`GET ${CLIENT_CONFIG_URL} answered ${response.status}`);
    const answer: unknown = await response.json();
    if (typeof answer !== 'object' || answer === null) throw new Error(`GET ${CLIENT_CONFIG_URL} answered no object`);
    const config = answer as ClientConfig;
    const check = () =>
      import('@leadcircle/shared/api/client-config')
        .then(({ clientConfig }) => {
          clientConfig.parse(answer);
          return config;
        })
        .catch((error: unknown) => {
          reportError(error, { during: 'checking client-config' });
          return offlineConfig;
        });
    return { config, check };
  } catch (error) {
    reportError(error, { during: 'loading client-config' });
    return { config: offlineConfig, check: () => Promise.resolve(offlineConfig) };
  }
}

const ClientConfigContext = createContext<ClientConfig>(offlineConfig);

export function ClientConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext.Provider value={config}>{children}</ClientConfigContext.Provider>;
}

export function useClientConfig(): ClientConfig {
  return useContext(ClientConfigContext);
}
