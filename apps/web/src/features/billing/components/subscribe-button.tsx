import type { CurrentUser } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import { useAppDispatch } from '../../../core/hooks';
import { modalOpened } from '../../../core/modals-slice';

/** The Subscribe button shows only for an admin whose subscription is not active. */
export function canSubscribe(user: Pick<CurrentUser, 'role' | 'active'> | undefined): boolean {
  return user?.role === 'ADMIN' && !user.active;
}

/** The shell's Subscribe button: opens the payment dialog in subscribe mode. */
export function SubscribeButton() {
  const dispatch = useAppDispatch();
  return (
    <Button color="inherit" variant="outlined" onClick={() => dispatch(modalOpened('payment'))}>
      Subscribe
    </Button>
  );
}
