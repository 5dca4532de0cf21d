// Groups, first part: the group list and a group's page frame, what a first page shows (the lead list
// sits in the frame). The rest of the area is `group-pages.ts`, a chunk of its own. Loading either registers
// the runners of the pending group actions, before either group dialog can ask for payment.
import './pending-actions';

export { fetchGroup } from './api';
export { GroupLayout } from './pages/group-layout';
export { GroupsPage } from './pages/groups-page';
