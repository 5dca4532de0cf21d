import { useClientConfig } from '../../../lib/client-config';

/** Whether the server has configured any sign-in provider (the sign-in page shows none otherwise). */
export function useHasProviders(): boolean {
  const { providers } = useClientConfig();
  return providers.linkedin || providers.apple !== null || providers.google !== null;
}
