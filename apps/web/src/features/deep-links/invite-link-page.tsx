import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { endSession, selectIsSignedIn } from '../../core/session-slice';
import { storeInvite } from '../../lib/invite-storage';
import { type InviteKind, resolveInviteLink } from './resolve-links';

export function InviteLinkPage({ kind }: { kind: InviteKind }) {
  const [query] = useSearchParams();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    const outcome = resolveInviteLink(query, kind, isSignedIn);
    if (outcome.inviteToStore) storeInvite(outcome.inviteToStore);
    if (outcome.endsSession) dispatch(endSession());
    navigate(outcome.to, { replace: true, state: outcome.state });
  }, [query, kind, isSignedIn, dispatch, navigate]);

  return <PageSpinner />;
}
