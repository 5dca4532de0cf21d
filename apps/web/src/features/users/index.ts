// My settings: loaded as one code-split area.

export { SettingsDialog } from './components/settings-dialog';
export { LegalPage } from './pages/legal-page';
export { MySettingsLayout } from './pages/my-settings-layout';
export { NotificationsPage } from './pages/notifications-page';
export { ProfilePage } from './pages/profile-page';
