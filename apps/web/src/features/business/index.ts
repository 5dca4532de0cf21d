// Business administration (users, CRM) and the public CRM connection test, loaded as one code-split area.
export { BusinessInviteAcceptance } from './components/business-invite-acceptance';
export { CrmCallbackPage } from './pages/crm-callback-page';
export { CrmTestPage } from './pages/crm-test-page';
export { CrmsPage } from './pages/crms-page';
export { ManageTerritoriesPage } from './pages/manage-territories-page';
export { ManageUsersPage } from './pages/manage-users-page';
export { MyTerritoryPage } from './pages/my-territory-page';
