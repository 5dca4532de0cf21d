// @vitest-environment node
import { APP_VERSION } from '@leadcircle/shared';
import { SAMPLE_CLIENT_CONFIG } from '@leadcircle/shared/api/client-config.sample';
import { describe, expect, it, vi } from 'vitest';
import { loadClientConfig } from './client-config';

const served = SAMPLE_CLIENT_CONFIG;
const answer = (body: unknown, status = 200) => vi.fn(async () => Response.json(body, { status }));

describe('loadClientConfig', () => {
  it("starts with the server's configuration", async () => {
    expect(await loadClientConfig(answer(served))).toEqual(served);
  });

  it('starts with nothing optional switched on when the answer breaks the contract, or fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const fetchFn of [
      answer({ ...served, billing: { ...served.billing, provider: 'paypal' } }),
      answer({ message: 'Down' }, 503),
      vi.fn(async () => new Response('not json')),
    ]) {
      const config = await loadClientConfig(fetchFn);
      expect(config.version).toBe(APP_VERSION);
      expect(config.providers).toEqual({ google: null, apple: null, linkedin: false });
      expect(config.billing.provider).toBe('local');
    }
  });
});
