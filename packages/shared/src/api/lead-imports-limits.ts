// The lead import's limits, zod-free so the texts can name them.
export const LEAD_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const LEAD_IMPORT_MAX_ROWS = 100_000;
export const LEAD_IMPORT_MAX_COLUMNS = 200;
