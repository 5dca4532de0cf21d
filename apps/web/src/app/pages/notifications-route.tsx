import { GroupMessagesSwitches } from '../../features/groups';
import { NotificationsPage } from '../../features/users';

/** My settings → Notifications: the account's switches, with each group's Messages switch. */
export function NotificationsRoute() {
  return (
    <NotificationsPage>
      <GroupMessagesSwitches />
    </NotificationsPage>
  );
}
