// The first script of index.html, a file of its own that imports nothing: it tells the browser at once
// which chunks the page being opened needs (<link rel="modulepreload">), so they download beside the
// entry instead of after it has run: one round trip less before a phone shows the page. The build lists
// each area's files in <meta name="first-page-chunks"> (apps/web/first-page-chunks.ts).

/** The lazy areas a first page may need, by their source module (the build maps them to files). */
export const FIRST_PAGE_MODULES = {
  signIn: 'src/features/auth/sign-in.ts',
  auth: 'src/features/auth/index.ts',
  shell: 'src/app/shell/app-shell.tsx',
  groups: 'src/features/groups/index.ts',
  leads: 'src/features/leads/index.ts',
} as const;
export type FirstPageArea = keyof typeof FIRST_PAGE_MODULES;

// ROUTES and STORAGE_KEYS of @leadcircle/shared, written out so this file imports nothing
// (first-page.test.ts holds them equal).
export const FIRST_PAGE_PATHS = {
  signIn: '/signin',
  auth: ['/signup', '/forgot-password', '/reset-password'],
  groups: '/groups',
};
export const ACCESS_TOKEN_KEY = 'access_token';
// lib/after-first-paint.ts's FIRST_PAGE_SHOWN_EVENT: main.tsx dispatches it once the first page shows.
export const SHOWN_EVENT = 'leadcircle:first-page-shown';

/**
 * The areas the first page's own links lead to (sign in ↔ sign up and forgot password): their files are
 * fetched once the page shows, into the HTTP cache only (no script runs), so following a link there
 * shows the page at once on a slow network.
 */
export const NEXT_AREAS: Partial<Record<FirstPageArea, FirstPageArea[]>> = { signIn: ['auth'], auth: ['signIn'] };

/** The areas the page at `pathname` shows first (a signed-out visitor at the root goes to sign in). */
export function firstPageAreas(pathname: string, isSignedIn: boolean): FirstPageArea[] {
  const segments = pathname.split('/');
  const first = `/${segments[1] ?? ''}`;
  if (first === FIRST_PAGE_PATHS.signIn || (pathname === '/' && !isSignedIn)) return ['signIn'];
  if (FIRST_PAGE_PATHS.auth.includes(first)) return ['auth'];
  if (!isSignedIn) return [];
  if (first !== FIRST_PAGE_PATHS.groups) return ['shell'];
  return segments.includes('leads') ? ['shell', 'groups', 'leads'] : ['shell', 'groups'];
}

function preloadFirstPage(): void {
  let isSignedIn = false;
  try {
    isSignedIn = window.localStorage.getItem(ACCESS_TOKEN_KEY) !== null;
  } catch {
    // No storage: signed out.
  }
  const areas = firstPageAreas(window.location.pathname, isSignedIn);
  // main.tsx renders once these areas' pages are loaded (no spinner before the first page).
  document.documentElement.dataset.firstPage = areas.join(' ');
  const meta = document.querySelector<HTMLMetaElement>('meta[name="first-page-chunks"]');
  let files: Partial<Record<FirstPageArea, string[]>>;
  try {
    files = JSON.parse(meta?.content ?? '{}') as typeof files;
  } catch {
    return;
  }
  const seen = new Set<string>();
  const addLinks = (rel: string, linkAreas: FirstPageArea[]) => {
    for (const area of linkAreas) {
      for (const href of files[area] ?? []) {
        if (seen.has(href)) continue;
        seen.add(href);
        const link = document.createElement('link');
        link.rel = rel;
        link.href = href;
        document.head.append(link);
      }
    }
  };
  addLinks('modulepreload', areas);
  const next = areas.flatMap((area) => NEXT_AREAS[area] ?? []);
  if (next.length > 0) document.addEventListener(SHOWN_EVENT, () => addLinks('prefetch', next), { once: true });
}

if (typeof document !== 'undefined') preloadFirstPage();
