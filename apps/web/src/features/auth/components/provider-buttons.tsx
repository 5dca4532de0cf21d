import { encodeOAuthState, LOGIN_PLATFORM_DEFAULT, MESSAGES, ROUTES, type Tokens } from '@leadcircle/shared';
import AppleIcon from '@mui/icons-material/Apple';
import GoogleIcon from '@mui/icons-material/Google';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useClientConfig } from '../../../lib/client-config';
import { reportError } from '../../../lib/error-reporter';
import type { PendingInvite } from '../../../lib/invite-storage';
import { randomNonce } from '../../../lib/load-script';
import { type AppleSignInResponse, appleErrorCode, loadAppleId } from '../social/apple-id';
import { loadGoogleIdentity } from '../social/google-identity';
import { appleSignIn, googleSignIn, linkedInUrl } from '../social/social-calls';

interface ProviderButtonsProps {
  /** The invite the visitor came with: LinkedIn carries it through its state. */
  invite: PendingInvite | null;
  onSignedIn: (tokens: Tokens) => void;
}

/** The sign-in page's providers under an "or" divider: a lazy chunk, loaded when the server configures one. */
export function ProviderSection(props: ProviderButtonsProps) {
  return (
    <>
      <Divider sx={{ my: 3 }}>or</Divider>
      <ProviderButtons {...props} />
    </>
  );
}

/**
 * Sign in with LinkedIn, Apple or Google: only the providers the server has
 * configured show; Google's and Apple's scripts load only then.
 */
function ProviderButtons({ invite, onSignedIn }: ProviderButtonsProps) {
  const { providers } = useClientConfig();
  return (
    <Stack spacing={1.5}>
      {providers.linkedin && <LinkedInButton isConfigured invite={invite} />}
      {providers.apple && <AppleButton clientId={providers.apple.clientId} onSignedIn={onSignedIn} />}
      {providers.google && <GoogleButton clientId={providers.google.clientId} onSignedIn={onSignedIn} />}
    </Stack>
  );
}

function ProviderButton(props: { name: string; icon: ReactNode; loading?: boolean; onClick: () => void }) {
  return (
    <Button variant="outlined" startIcon={props.icon} onClick={props.onClick} loading={props.loading} fullWidth>
      Sign in with {props.name}
    </Button>
  );
}

// LinkedIn: the browser goes to LinkedIn and comes back to /oauth_login (the callback page).
function LinkedInButton({ isConfigured, invite }: { isConfigured: boolean; invite: PendingInvite | null }) {
  const notify = useNotify();
  const [isLeaving, setIsLeaving] = useState(false);

  const signIn = async () => {
    if (!isConfigured) {
      notify.error(MESSAGES.providerNotConfigured('LinkedIn'));
      return;
    }
    setIsLeaving(true);
    try {
      const { url } = await linkedInUrl({ state: encodeOAuthState(invite ?? {}) });
      window.location.assign(url);
    } catch (error) {
      setIsLeaving(false);
      notify.error(errorMessage(error, MESSAGES.linkedInUrlFailed));
    }
  };

  return <ProviderButton name="LinkedIn" icon={<LinkedInIcon />} loading={isLeaving} onClick={() => void signIn()} />;
}

// Apple: Sign in with Apple JS in a popup; its code and identity token go to the server.
function AppleButton({ clientId, onSignedIn }: { clientId: string | null; onSignedIn: (tokens: Tokens) => void }) {
  const notify = useNotify();
  const [isLoading, setIsLoading] = useState(false);
  const apple = useRef<ReturnType<typeof loadAppleId> | null>(null);
  const [nonce] = useState(randomNonce);
  const redirectUri = `${window.location.origin}${ROUTES.signIn}`;

  useEffect(() => {
    if (!clientId) return;
    const ready = loadAppleId().then((auth) => {
      auth.init({ clientId, scope: 'name email', redirectURI: redirectUri, nonce, usePopup: true });
      return auth;
    });
    ready.catch((error: unknown) => reportError(error, { during: 'loading Sign in with Apple' }));
    apple.current = ready;
  }, [clientId, redirectUri, nonce]);

  const signIn = async () => {
    if (!clientId || !apple.current) {
      notify.error(MESSAGES.providerNotConfigured('Apple'));
      return;
    }
    let response: AppleSignInResponse;
    try {
      response = await (await apple.current).signIn();
    } catch (error) {
      const code = appleErrorCode(error);
      // Closing the popup is a change of mind, not an error.
      if (code !== 'popup_closed_by_user') notify.error(code ?? MESSAGES.appleLoginFailed);
      return;
    }
    const { code, id_token: identityToken } = response.authorization ?? {};
    if (!code || !identityToken) {
      notify.error(MESSAGES.missingInputParameters);
      return;
    }
    setIsLoading(true);
    try {
      // Apple names the person only on the first sign-in; the server keeps the name then.
      const tokens = await appleSignIn({
        code,
        identity_token: identityToken,
        first_name: response.user?.name?.firstName,
        last_name: response.user?.name?.lastName,
        redirect_uri: redirectUri,
        platform: LOGIN_PLATFORM_DEFAULT,
        nonce,
      });
      onSignedIn(tokens);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.appleLoginFailed));
    } finally {
      setIsLoading(false);
    }
  };

  return <ProviderButton name="Apple" icon={<AppleIcon />} loading={isLoading} onClick={() => void signIn()} />;
}

// Google: Google Identity Services draws its own button (in its frame) and hands back an ID token.
function GoogleButton({ clientId, onSignedIn }: { clientId: string | null; onSignedIn: (tokens: Tokens) => void }) {
  const notify = useNotify();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  // Google calls back long after the button was drawn: the latest handler answers.
  const onCredential = useRef<(idToken: string | undefined, nonce: string) => Promise<void>>(async () => {});
  onCredential.current = async (idToken, nonce) => {
    if (!idToken) {
      notify.error(MESSAGES.googleLoginFailed);
      return;
    }
    try {
      onSignedIn(await googleSignIn({ id_token: idToken, nonce, platform: LOGIN_PLATFORM_DEFAULT }));
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.googleLoginFailed));
    }
  };

  useEffect(() => {
    if (!clientId) return;
    let isCurrent = true;
    const nonce = randomNonce();
    loadGoogleIdentity()
      .then((id) => {
        const element = container.current;
        if (!isCurrent || !element) return;
        id.initialize({
          client_id: clientId,
          nonce,
          ux_mode: 'popup',
          context: 'signin',
          itp_support: true,
          use_fedcm_for_button: true,
          callback: ({ credential }) => void onCredential.current(credential, nonce),
        });
        element.replaceChildren();
        const width = Math.min(400, element.parentElement?.clientWidth || 400);
        id.renderButton(element, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with', width });
        setStatus('ready');
      })
      .catch((error: unknown) => {
        reportError(error, { during: 'loading Google Identity Services' });
        if (isCurrent) setStatus('failed');
      });
    return () => {
      isCurrent = false;
    };
  }, [clientId]);

  const fallback = () => notify.error(clientId ? MESSAGES.googleLoginFailed : MESSAGES.providerNotConfigured('Google'));

  return (
    <>
      <Box ref={container} sx={{ display: status === 'ready' ? 'flex' : 'none', justifyContent: 'center' }} />
      {status !== 'ready' && (
        <ProviderButton
          name="Google"
          icon={<GoogleIcon />}
          loading={clientId !== null && status === 'loading'}
          onClick={fallback}
        />
      )}
    </>
  );
}
