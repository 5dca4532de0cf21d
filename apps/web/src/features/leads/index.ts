// Leads: the group's lead list (the group page's Leads tab) and a lead's details, one code-split area.
export { prefetchLeadsPage } from './api';
export { GroupLeadsPage } from './pages/group-leads-page';
export { LeadDetailsPage } from './pages/lead-details-page';
