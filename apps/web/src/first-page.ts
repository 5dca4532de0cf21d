// The first script of index.html, a file of its own that imports nothing: it tells the browser at once
// which chunks the page being opened needs (<link rel="modulepreload">), so they download beside the
// entry instead of after it has run: one round trip less before a phone shows the page. It also starts
// the calls the page needs first, so their answers come beside the files. The build lists
// each area's files in <meta name="first-page-chunks"> (apps/web/build/first-page-chunks.ts).

/** The lazy areas a first page may need, by their source module (the build maps them to files). */
export const FIRST_PAGE_MODULES = {
  signIn: 'src/features/auth/sign-in.ts',
  auth: 'src/features/auth/index.ts',
  shell: 'src/app/shell/app-shell.tsx',
  groups: 'src/features/groups/index.ts',
  leads: 'src/features/leads/index.ts',
  chat: 'src/features/chat/index.ts',
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
 * fetched when the visitor starts using the page (INTENT_EVENTS), into the HTTP cache only (no script
 * runs), so following a link there shows the page at once on a slow network, while the page's own load
 * until the network is idle stays within its budget (150 KB for sign in).
 */
export const NEXT_AREAS: Partial<Record<FirstPageArea, FirstPageArea[]>> = { signIn: ['auth'], auth: ['signIn'] };
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;

/** The areas the page at `pathname` shows first (a signed-out visitor at the root goes to sign in). */
export function firstPageAreas(pathname: string, isSignedIn: boolean): FirstPageArea[] {
  const segments = pathname.split('/');
  const first = `/${segments[1] ?? ''}`;
  if (first === FIRST_PAGE_PATHS.signIn || (pathname === '/' && !isSignedIn)) return ['signIn'];
  if (FIRST_PAGE_PATHS.auth.includes(first)) return ['auth'];
  if (!isSignedIn) return [];
  if (first !== FIRST_PAGE_PATHS.groups) return ['shell'];
  if (segments.includes('leads')) return ['shell', 'groups', 'leads'];
  return segments.includes('messages') ? ['shell', 'groups', 'chat'] : ['shell', 'groups'];
}

export interface FirstCall {
  path: string;
  body: Record<string, unknown>;
}

// A first page of leads, of the inbox or of rooms (PAGE_SIZE of @leadcircle/shared: 50).
const FIRST_PAGE_SIZE = 50;
const GROUP_PAGE = /^\/groups\/(\d{1,15})\/(leads|messages)\/?$/;

/**
 * The calls the page at `pathname` needs to show what it is for, with the bodies its screens send
 * (first-page.test.ts holds them equal): the shell's (the current user, the inbox, the unread chat
 * count) on every signed-in page; on a group's lead list the group and its first page of leads, and on its
 * Messages tab the group and its room (its messages need the room's id: main.tsx asks for them next).
 */
export function firstCalls(pathname: string, isSignedIn: boolean): FirstCall[] {
  if (!firstPageAreas(pathname, isSignedIn).includes('shell')) return [];
  const shell = [
    { path: '/user/get', body: {} },
    { path: '/notification/list', body: { start_position: 0, get_next: FIRST_PAGE_SIZE } },
    { path: '/chat/unread/total', body: {} },
  ];
  const [, id, tab] = GROUP_PAGE.exec(pathname) ?? [];
  const groupId = Number(id);
  if (!Number.isSafeInteger(groupId) || groupId <= 0) return shell;
  const group = { path: '/group/get', body: { group_id: groupId } };
  if (tab === 'messages') {
    const room = { grouping_level: 'GROUP', grouping_level_id: groupId, limit: FIRST_PAGE_SIZE, offset: 0 };
    return [...shell, group, { path: '/chat/room/list', body: room }];
  }
  return [
    ...shell,
    group,
    { path: '/lead/list', body: { group_id: groupId, start_position: 0, get_next: FIRST_PAGE_SIZE } },
  ];
}

/** Where the first calls' answers wait for the base query (core/first-calls.ts). */
export const FIRST_CALLS_GLOBAL = '__leadcircleFirstCalls';
export interface FirstCallAnswers {
  /** The answer to this call, once: undefined when it was not made here, or was already taken. */
  take(path: string, body: unknown): Promise<Response | undefined> | undefined;
}
// An answer left untaken this long is not used: the page has moved on, and the data may have too.
const FIRST_CALL_TTL_MS = 30_000;

const callKey = (path: string, body: unknown) =>
  `${path} ${body !== null && typeof body === 'object' ? JSON.stringify(body, Object.keys(body).sort()) : ''}`;

/**
 * Starts the first page's calls beside its files (render-as-you-fetch): on a phone their answers are in
 * by the time the page first renders, instead of being asked for after it. The base query takes each
 * answer once for the same call and body; a failed one (an expired token) it calls again itself.
 */
export function startFirstCalls(
  calls: FirstCall[],
  accessToken: string,
  fetchFn: typeof fetch = fetch,
  now: () => number = Date.now,
): FirstCallAnswers {
  const started = now();
  const answers = new Map<string, Promise<Response | undefined>>();
  for (const call of calls) {
    const answer = fetchFn(`/api${call.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(call.body),
    }).catch(() => undefined);
    answers.set(callKey(call.path, call.body), answer);
  }
  const firstCallAnswers: FirstCallAnswers = {
    take(path, body) {
      const key = callKey(path, body);
      const answer = answers.get(key);
      answers.delete(key);
      return now() - started > FIRST_CALL_TTL_MS ? undefined : answer;
    },
  };
  Object.assign(globalThis, { [FIRST_CALLS_GLOBAL]: firstCallAnswers });
  return firstCallAnswers;
}

function preloadFirstPage(): void {
  let accessToken: string | null = null;
  try {
    accessToken = window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    // No storage: signed out.
  }
  const isSignedIn = accessToken !== null;
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
  // After the files, which are the most bytes: the calls' small answers come while they download.
  const calls = firstCalls(window.location.pathname, isSignedIn);
  if (accessToken !== null && calls.length > 0) startFirstCalls(calls, accessToken);
  const next = areas.flatMap((area) => NEXT_AREAS[area] ?? []);
  if (next.length > 0) {
    const prefetchNext = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, prefetchNext, true);
      addLinks('prefetch', next);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, prefetchNext, { capture: true, passive: true });
  }
}

if (typeof document !== 'undefined') preloadFirstPage();
