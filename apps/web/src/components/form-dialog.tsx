import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';

interface FormDialogProps {
  /** Open unless told otherwise: most form dialogs are mounted only while they show. */
  open?: boolean;
  title: string;
  /** A line of help above the fields. */
  description?: ReactNode;
  /** A line of news above the error and the fields (a success that led here). */
  notice?: ReactNode;
  /** The server's answer to the last submit, shown above the fields. */
  serverError?: string | null;
  /** While saving the dialog stays open: no Escape, no backdrop click, Cancel disabled. */
  isBusy?: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  cancelLabel?: string;
  maxWidth?: DialogProps['maxWidth'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog that holds one form: title, the server's error, the fields, then Cancel and submit. */
export function FormDialog(props: FormDialogProps) {
  const {
    open = true,
    title,
    description,
    serverError,
    isBusy,
    submitLabel,
    submitDisabled,
    cancelLabel = 'Cancel',
    maxWidth = 'sm',
  } = props;
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <Box
        component="form"
        onSubmit={(event) => {
          // React passes a submit up through the portal: a page's own form (group settings) must not submit too.
          event.stopPropagation();
          props.onSubmit(event);
        }}
        noValidate
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {description && <DialogContentText>{description}</DialogContentText>}
          {props.notice && (
            <Alert severity="success" sx={{ mt: description ? 2 : 1 }}>
              {props.notice}
            </Alert>
          )}
          {serverError && (
            <Alert severity="error" sx={{ mt: description ? 2 : 1 }}>
              {serverError}
            </Alert>
          )}
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={isBusy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" loading={isBusy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
