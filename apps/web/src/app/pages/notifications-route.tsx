import { GroupMessagesSwitches } from '../../features/groups/group-pages';
import { OpportunityMessagesSwitches } from '../../features/opportunities';
import { NotificationsPage } from '../../features/users';

/** My settings → Notifications: the account's switches, with each group's and opportunity's Messages switch. */
export function NotificationsRoute() {
  return (
    <NotificationsPage
      groupSwitches={<GroupMessagesSwitches />}
      opportunitySwitches={<OpportunityMessagesSwitches />}
    />
  );
}
