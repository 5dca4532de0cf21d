// Opportunities: the list, an opportunity's tabs, contact details and settings, one code-split area.

export { OpportunityMessagesSwitches } from './components/opportunity-messages-switches';
export { ContactDetailsPage } from './pages/contact-details-page';
export { OpportunitiesPage } from './pages/opportunities-page';
export { OpportunityContactsPage } from './pages/opportunity-contacts-page';
export { OpportunityInformationPage } from './pages/opportunity-information-page';
export { OpportunityLayout } from './pages/opportunity-layout';
export { OpportunityMessagesPage } from './pages/opportunity-messages-page';
export { OpportunitySettingsPage } from './pages/opportunity-settings-page';
