import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The warning, in the spec's words. */
  warning: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isDestructive?: boolean;
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be taken back (account deletion, leaving a group, …). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, warning, children, confirmLabel, cancelLabel = 'CANCEL', isDestructive, isBusy } = props;
  const titleId = useId();
  const warningId = useId();
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={warningId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={warningId} sx={{ fontWeight: 600, color: isDestructive ? 'error.main' : undefined }}>
          {warning}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={isBusy}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={isDestructive ? 'error' : 'primary'}
          onClick={props.onConfirm}
          loading={isBusy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
