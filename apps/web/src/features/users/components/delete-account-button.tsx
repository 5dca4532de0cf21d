import { CLOSED_ACCOUNT_INVISIBLE_HOURS, MESSAGES, ROUTES, SIGNOUT_AFTER_DELETION_MS } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/use-notify';
import { realtime } from '../../../core/realtime/realtime';
import { errorMessage } from '../../../lib/api-error';
import { navigateTo } from '../../../lib/navigation';
import { useScheduleDeleteMutation } from '../account-api';

/**
 * REQUEST ACCOUNT DELETION: confirm with the warning, request, show the message, and sign
 * out after SIGNOUT_AFTER_DELETION_MS. The account is hidden at once, so the session is over anyway.
 */
export function DeleteAccountButton() {
  const notify = useNotify();
  const [isConfirming, setIsConfirming] = useState(false);
  const [hasRequested, setHasRequested] = useState(false);
  const [scheduleDelete, { isLoading }] = useScheduleDeleteMutation();

  const confirm = async () => {
    // The account closes: its live channel goes first, so the server's disconnect of a closed account
    // does not sign this tab out before the person has read the message.
    realtime.close();
    try {
      const { message } = await scheduleDelete().unwrap();
      setHasRequested(true);
      setIsConfirming(false);
      notify.success(message || MESSAGES.accountDeletionRequested);
      // Through the router, so it happens even if this page is left in the meantime.
      setTimeout(() => navigateTo(ROUTES.signOut, { replace: true }), SIGNOUT_AFTER_DELETION_MS);
    } catch (error) {
      realtime.open();
      notify.error(errorMessage(error, MESSAGES.unknownErrorProfile));
    }
  };

  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setIsConfirming(true)} disabled={hasRequested}>
        REQUEST ACCOUNT DELETION
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title="Delete your account?"
        warning={MESSAGES.accountDeletionWarning}
        confirmLabel="DELETE MY ACCOUNT"
        isDestructive
        isBusy={isLoading}
        onConfirm={confirm}
        onClose={() => setIsConfirming(false)}
      >
        <DialogContentText sx={{ mt: 1.5 }}>
          You will be signed out and nobody will be able to sign in to this account again. Your personal data stops
          being visible within {CLOSED_ACCOUNT_INVISIBLE_HOURS} hours; the leads you shared stay in their groups, shown
          as added by "{MESSAGES.deletedUserName}".
        </DialogContentText>
      </ConfirmDialog>
    </>
  );
}
