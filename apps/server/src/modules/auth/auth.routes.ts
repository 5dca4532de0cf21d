import { userCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as auth from './auth.service.js';

export function registerAuthRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(userCalls.emailSignup, ({ body, ip }) => auth.signup(deps, body, ip));
  call(userCalls.login, ({ body, ip }) => auth.login(deps, body, ip));
  call(userCalls.refreshToken, ({ body }) => auth.refresh(deps, body.refresh_token));
  call(userCalls.resetPassword, ({ body, ip }) => auth.requestPasswordReset(deps, body.email, ip));
  call(userCalls.emailConfirmationAction, ({ body, params }) =>
    auth.performEmailAction(deps, params.token ?? '', body),
  );
}
