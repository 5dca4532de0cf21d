import { browserTimeZone } from '@leadcircle/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appleSignIn, googleSignIn, linkedInUrl } from './social-calls';

function stubFetch(answer: unknown) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

describe('the providers’ sign-in calls', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('send Google’s and Apple’s sign-ins with the browser’s time zone and answer the tokens', async () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', userId: 7 };
    const sent = stubFetch(tokens);

    await expect(googleSignIn({ id_token: 'g', nonce: 'n', platform: 'WEB' })).resolves.toEqual(tokens);
    await expect(
      appleSignIn({
        code: 'c',
        identity_token: 'i',
        redirect_uri: 'https://x.test/signin',
        platform: 'WEB',
        nonce: 'n',
      }),
    ).resolves.toEqual(tokens);
    const time_zone = browserTimeZone();
    expect(sent).toEqual([
      { url: '/api/user/google_signup', body: { id_token: 'g', nonce: 'n', platform: 'WEB', time_zone } },
      {
        url: '/api/user/apple_signup',
        body: {
          code: 'c',
          identity_token: 'i',
          redirect_uri: 'https://x.test/signin',
          platform: 'WEB',
          nonce: 'n',
          time_zone,
        },
      },
    ]);
  });

  it('asks where LinkedIn’s sign-in starts with the state only', async () => {
    const sent = stubFetch({ url: 'https://linkedin.test/authorize' });

    await expect(linkedInUrl({ state: 's' })).resolves.toEqual({ url: 'https://linkedin.test/authorize' });
    expect(sent).toEqual([{ url: '/api/user/linkedin_url', body: { state: 's' } }]);
  });
});
