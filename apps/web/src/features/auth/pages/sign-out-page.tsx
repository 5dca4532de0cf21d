import { ROUTES } from '@leadcircle/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { useAppDispatch } from '../../../core/hooks';
import { endSession } from '../../../core/session-slice';

// Needs no guard: a signed-out visitor ends up on sign in as well. The session is cleared before
// navigating so the sign-in screen does not see the old tokens and bounce back to /redirect.
export function SignOutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    dispatch(endSession());
    navigate(ROUTES.signIn, { replace: true });
  }, [dispatch, navigate]);

  return <PageSpinner />;
}
