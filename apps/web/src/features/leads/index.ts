// Leads, first part: the group's lead list (the group page's Leads tab), often the first page.
// A lead's details are `lead-details.ts`, a chunk of its own.
export { fetchFirstLeadsPage } from './api';
export { GroupLeadsPage, preloadLeadListToolbar } from './pages/group-leads-page';
