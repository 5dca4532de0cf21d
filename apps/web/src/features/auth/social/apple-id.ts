import { loadScript } from '../../../lib/load-script';

// Sign in with Apple JS (https://developer.apple.com/documentation/sign_in_with_apple/sign_in_with_apple_js):
// a popup that gives the browser an authorization code, an identity token and, on the first
// sign-in only, the person's name.

const SIGN_IN_WITH_APPLE_JS = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

export interface AppleSignInResponse {
  authorization?: { code?: string; id_token?: string; state?: string };
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
}

interface AppleIdAuth {
  init(config: {
    clientId: string;
    scope: string;
    redirectURI: string;
    state?: string;
    nonce?: string;
    usePopup: boolean;
  }): void;
  signIn(): Promise<AppleSignInResponse>;
}

declare global {
  interface Window {
    AppleID?: { auth?: AppleIdAuth };
  }
}

export async function loadAppleId(): Promise<AppleIdAuth> {
  await loadScript(SIGN_IN_WITH_APPLE_JS);
  const auth = window.AppleID?.auth;
  if (!auth) throw new Error('Sign in with Apple JS did not start');
  return auth;
}

/** The error Apple's popup rejects with, e.g. popup_closed_by_user (ignored). */
export function appleErrorCode(error: unknown): string | undefined {
  const code = (error as { error?: unknown } | null)?.error;
  return typeof code === 'string' ? code : undefined;
}
