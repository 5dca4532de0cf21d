// Leads, second part: a lead's details page, loaded when a lead opens.
export { LeadDetailsPage } from './pages/lead-details-page';
