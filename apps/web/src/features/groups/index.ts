// Groups: loaded as one code-split area. Loading it registers the runners of
// the pending group actions, before either group dialog can ask for payment.
import './pending-actions';

export { CreateGroupWizard } from './components/create-group-wizard';
export { GroupMessagesSwitches } from './components/group-messages-switches';
export { JoinGroupDialog } from './components/join-group-dialog';
export { GroupLayout } from './pages/group-layout';
export { GroupSettingsPage } from './pages/group-settings-page';
export { GroupUsersPage } from './pages/group-users-page';
export { GroupsPage } from './pages/groups-page';
export { GroupStatsPage } from './stats/group-stats-page';
