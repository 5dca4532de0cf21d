import { ROUTES } from '@leadcircle/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../core/hooks';
import { selectIsSignedIn } from '../core/session-slice';
import { authNavigationState, readNavigationState } from '../lib/navigation-state';

/** Protected routes: a signed-out visitor goes to sign in, and comes back here afterwards. */
export function RequireSession() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (isSignedIn) return <Outlet />;
  const from = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={ROUTES.signIn} state={{ from }} replace />;
}

/** Sign in, sign up, forgot and reset password, LinkedIn login: a signed-in user moves on. */
export function PublicOnly() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (!isSignedIn) return <Outlet />;
  const from = readNavigationState(authNavigationState, location.state)?.from;
  return <Navigate to={from ?? ROUTES.redirect} replace />;
}
