import { userCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { createIdentityProviders } from '../../providers/identity/identity-providers.js';
import * as social from './social.service.js';

export function registerSocialRoutes(call: CallRegistrar, deps: AppDeps): void {
  // Built once: each provider's discovery document and keys are cached across sign-ins.
  const providers = createIdentityProviders(deps.config.social);
  call(userCalls.googleSignup, ({ body, ip }) => social.signInWithGoogle(deps, providers, body, ip));
  call(userCalls.appleSignup, ({ body, ip }) => social.signInWithApple(deps, providers, body, ip));
  call(userCalls.linkedinUrl, ({ body, ip }) => social.linkedInAuthorizationUrl(deps, providers, body.state, ip));
  call(userCalls.linkedinSignup, ({ body, ip }) => social.signInWithLinkedIn(deps, providers, body, ip));
}
