// Activities: the home screen (ACTIVITIES, RECENT GROUPS, RECENT OPPORTUNITIES), one code-split area.
export { ActivitiesPage } from './pages/activities-page';
