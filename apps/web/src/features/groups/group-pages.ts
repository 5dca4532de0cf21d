// Groups, second part: the pages and dialogs a first page does not show (settings, users, stats, the
// wizard, joining, the Messages switches of My settings), loaded when one opens.
import './pending-actions';

export { CreateGroupWizard } from './components/create-group-wizard';
export { GroupMessagesSwitches } from './components/group-messages-switches';
export { JoinGroupDialog } from './components/join-group-dialog';
export { GroupSettingsPage } from './pages/group-settings-page';
export { GroupUsersPage } from './pages/group-users-page';
export { GroupStatsPage } from './stats/group-stats-page';
