import { MESSAGES, ROUTES } from '@leadcircle/shared';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import type { AuthNavigationState } from '../../../lib/navigation-state';
import { useLinkedinSignupMutation } from '../api';
import { useFinishSignIn } from '../use-finish-sign-in';

/**
 * The LinkedIn callback: exchanges the code and state of the query string. On
 * success the invite found in the state is kept like after any sign-in; on error the visitor goes
 * back to sign in with linkedInLoginError, and with the invite, to try again.
 */
export function OAuthLoginPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [linkedinSignup] = useLinkedinSignupMutation();
  // The code is single use: one exchange, even when React runs effects twice.
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    // The state's reader (a zod schema) loads here, not with the sign-in screens.
    void import('@leadcircle/shared/oauth-state').then(({ decodeOAuthState, inviteOfOAuthState }) => {
      const code = query.get('code');
      const state = query.get('state') ?? '';
      const invite = inviteOfOAuthState(decodeOAuthState(state));
      const backToSignIn = (linkedInLoginError: string) => {
        const navState: AuthNavigationState = { linkedInLoginError, ...invite };
        navigate(ROUTES.signIn, { replace: true, state: navState });
      };
      // LinkedIn's own error text (error_description) is not shown: anyone can write it into a link.
      if (!code || !state) {
        backToSignIn(MESSAGES.linkedInLoginFailed);
        return;
      }
      linkedinSignup({ code, state })
        .unwrap()
        .then((tokens) => finishSignIn(tokens, invite))
        .catch((error: unknown) => backToSignIn(errorMessage(error, MESSAGES.linkedInLoginFailed)));
    });
  }, [query, navigate, finishSignIn, linkedinSignup]);

  return <PageSpinner />;
}
