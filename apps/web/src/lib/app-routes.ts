import { ROUTES } from '@leadcircle/shared';

// Routes of the app beyond the spec's route table.

/** A group's scoreboard: the group page's Stats tab, after Leads, Users and Messages. */
export const GROUP_STATS_ROUTE = `${ROUTES.group}/stats`;
