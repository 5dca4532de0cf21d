// The screens anyone may open signed out (and a page that does not exist), for the specs that walk them all.
export const PUBLIC_PATHS = [
  '/signin',
  '/signup',
  '/forgot-password',
  '/faq',
  '/download-app',
  '/privacy-policy',
  '/terms',
  '/user-agreement',
  '/test-flow',
  '/no-such-page',
] as const;
