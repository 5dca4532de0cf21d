import { loadScript } from '../../../lib/load-script';

// Google Identity Services (https://developers.google.com/identity/gsi/web): the button and
// popup that give the browser a signed ID token for our client id.

const GOOGLE_IDENTITY_SERVICES = 'https://accounts.google.com/gsi/client';

interface CredentialResponse {
  credential?: string;
}

interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: CredentialResponse) => void;
    nonce?: string;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
    itp_support?: boolean;
    use_fedcm_for_button?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill';
      logo_alignment?: 'left' | 'center';
      width?: number;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export async function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  await loadScript(GOOGLE_IDENTITY_SERVICES);
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services did not start');
  return id;
}
