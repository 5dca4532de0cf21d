import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useAppDispatch } from '../../core/hooks';
import { type ModalName, modalOpened } from '../../core/modals-slice';

/** A route that opens a dialog (/send-feedback, /settings), shown over the page it then goes to. */
export function OpenModalPage({ modal, then }: { modal: ModalName; then: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(modalOpened(modal));
    navigate(then, { replace: true });
  }, [dispatch, navigate, modal, then]);
  return <PageSpinner />;
}
