import { Navigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { selectIsSignedIn } from '../../core/session-slice';
import { resolveEmailLink } from './resolve-links';

export function EmailLinkPage() {
  const [query] = useSearchParams();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const { to, state } = resolveEmailLink(query, isSignedIn);
  return <Navigate to={to} state={state} replace />;
}
