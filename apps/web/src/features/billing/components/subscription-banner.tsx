import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { subscriptionBanner } from '../../../lib/billing-format';

/** The fixed-price subscription banner: price per user, total, next payment date. */
export function SubscriptionBanner({ activeUsers }: { activeUsers: number }) {
  const banner = subscriptionBanner(activeUsers, new Date());
  const users = `${banner.activeUsers} active ${banner.activeUsers === 1 ? 'user' : 'users'}`;
  return (
    <Alert severity="info" icon={false} role="region" aria-label="Subscription" sx={{ mb: 2 }}>
      <AlertTitle>{banner.pricePerUser} per user per month</AlertTitle>
      Total: {banner.total} for {users}
      <br />
      Next payment: {banner.nextPayment}
    </Alert>
  );
}
