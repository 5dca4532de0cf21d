// Leads, import history: the section of a group's settings listing its imports (with UNDO IMPORT), loaded
// with the settings page.
export { ImportHistory } from './imports/import-history';
