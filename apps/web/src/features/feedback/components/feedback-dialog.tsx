import { zodResolver } from '@hookform/resolvers/zod';
import { FEEDBACK_MESSAGE_ROWS, type FeedbackForm, feedbackForm, MESSAGES } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useSubmitFeedbackMutation } from '../api';

const emptyForm: FeedbackForm = { subject: '', content: '' };

/** The Feedback dialog: subject and an 8-row message; Send, then the thanks. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const titleId = useId();
  const [submitFeedback, { isLoading }] = useSubmitFeedbackMutation();
  const { control, handleSubmit, reset } = useForm({ resolver: zodResolver(feedbackForm), defaultValues: emptyForm });

  const close = () => {
    reset(emptyForm);
    onClose();
  };

  const send = handleSubmit(async (values) => {
    try {
      const { message } = await submitFeedback(values).unwrap();
      notify.success(message || MESSAGES.feedbackSent);
      close();
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.submitFeedbackFailed));
    }
  });

  return (
    <Dialog open={open} onClose={isLoading ? undefined : close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={send} noValidate>
        <DialogTitle id={titleId}>Send Feedback</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Tell us what works for you and what we could do better. The LeadCircle team reads every message.
          </DialogContentText>
          <FormTextField control={control} name="subject" label="Subject" autoFocus />
          <FormTextField control={control} name="content" label="Message" multiline rows={FEEDBACK_MESSAGE_ROWS} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Send
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
