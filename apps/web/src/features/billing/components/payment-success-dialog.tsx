import { ROUTES } from '@leadcircle/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { navigateTo } from '../../../lib/navigation';
import { useGetBillingInfoQuery } from '../api';
import { SubscriptionBanner } from './subscription-banner';

interface PaymentSuccessDialogProps {
  isAdmin: boolean;
  onClose: () => void;
}

/** Opens once the subscription is active; admins go on to add their users. */
export function PaymentSuccessDialog({ isAdmin, onClose }: PaymentSuccessDialogProps) {
  const { data: billing } = useGetBillingInfoQuery();
  return (
    <Dialog open onClose={onClose} aria-labelledby="payment-success-title" fullWidth maxWidth="xs">
      <DialogTitle id="payment-success-title">Payment successful</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Your subscription is active. Thank you!</DialogContentText>
        <SubscriptionBanner activeUsers={billing?.activeUsers ?? 1} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        {isAdmin && (
          <Button
            variant="contained"
            onClick={() => {
              onClose();
              navigateTo(ROUTES.adminManageUsers);
            }}
          >
            Start adding new users
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
