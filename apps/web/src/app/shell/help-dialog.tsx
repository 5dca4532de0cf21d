import { ROUTES } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useClientConfig } from '../../lib/client-config';

// The help/support dialog: the support address, and where answers are written down.
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { supportEmail } = useClientConfig();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Help</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1.5 }}>
          Questions or trouble with LeadCircle? Write to our support team
          {supportEmail ? (
            <>
              {' at '}
              <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
            </>
          ) : null}
          {' and we will get back to you.'}
        </DialogContentText>
        <DialogContentText>
          Many answers are in the{' '}
          <Link component={RouterLink} to={ROUTES.faq} onClick={onClose}>
            frequently asked questions
          </Link>
          . To suggest an improvement, use Send Feedback in the menu.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
