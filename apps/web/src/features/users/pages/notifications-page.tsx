import { MESSAGES } from '@leadcircle/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { useGetCurrentUserQuery } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateNotificationsMutation } from '../account-api';

/**
 * My settings, Notifications: the account's e-mail switch, then a Messages switch per group.
 * Each group's switch is the same setting as the Messages toggle of the group's settings; the route
 * passes the switches in as children.
 */
export function NotificationsPage({ children }: { children?: ReactNode }) {
  const notify = useNotify();
  const { data: user } = useGetCurrentUserQuery();
  const [updateNotifications, { isLoading }] = useUpdateNotificationsMutation();

  if (!user) return <PageSpinner />;

  const toggleEmail = async (enableEmail: boolean) => {
    try {
      await updateNotifications({ enableEmail }).unwrap();
      notify.success(MESSAGES.notificationsUpdated);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.notificationsUpdateFailed));
    }
  };

  return (
    <>
      <Typography component="h2" variant="h5" gutterBottom>
        Notifications
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <FormControlLabel
          control={
            <Switch
              checked={user.notificationSetting.enableEmail}
              disabled={isLoading}
              onChange={(event) => void toggleEmail(event.target.checked)}
            />
          }
          label="Email notifications"
        />
        <Typography variant="body2" color="text.secondary">
          Get an e-mail about new leads, thanks for closed business, follow-up reminders, invitations and messages in
          your groups and opportunities. E-mails about your account itself, such as password resets, are always sent.
        </Typography>
      </Paper>
      <Typography component="h3" variant="h6" gutterBottom>
        Messages
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Turn chat notifications on or off for each group you belong to.
      </Typography>
      {children}
    </>
  );
}
