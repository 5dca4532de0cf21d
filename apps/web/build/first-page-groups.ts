import path from 'node:path';
import type { CodeSplittingGroup, OutputChunk } from 'rolldown';
import { FIRST_PAGE_MODULES } from '../src/first-page';
import { chunkGraph } from './chunk-graph';

// A few files per first page instead of one per set of shared modules. Left alone, the bundler makes a chunk
// of every set of modules that the same lazy areas share: a group's lead list opened on a phone loaded about
// 75 files, six at a time over HTTP/1.1, each a round trip (Lighthouse's mobile profile: 150 ms).
//
// The build runs twice (vite.config.ts): the first, split as the bundler likes, tells which areas load
// each module (after tree-shaking: a module reached through the shared package's index only counts where
// its exports are used); the second puts each module an area loads at once into one file per area, in
// this order, after the entry's own file (the `initial` group):
//   sign-in: the sign-in page and what it loads (most visitors' first page);
//   common:  what the signed-out pages share with the signed-in ones;
//   account: sign up, forgot and reset password;
//   public:  the information pages and the pages e-mailed links open;
//   shell:   the signed-in frame (menus, app bar, realtime) and Activities, where sign-in lands;
//   working: the group list, a group's frame and its lead list (the usual first page).
// So a signed-out page never loads the shell's or the working areas' files, and a signed-in page loads
// only `common` of the signed-out ones. What is loaded only through import() stays in its own chunk; what
// the sign-in page loads only when it shows it (SIGN_IN_LAZY_SOURCES) and shares with another area goes in
// the sign-in file, which the other areas load anyway, so it brings none of their files into the sign-in page
// (the providers' "or" divider brought the shell's 41 KB).

export type Area = 'sign-in' | 'common' | 'account' | 'public' | 'shell' | 'working';

const AREA_SOURCES: [Exclude<Area, 'common'>, string[]][] = [
  ['sign-in', [FIRST_PAGE_MODULES.signIn]],
  ['account', [FIRST_PAGE_MODULES.auth]],
  ['public', ['src/features/info/index.ts', 'src/features/deep-links/index.ts']],
  ['shell', [FIRST_PAGE_MODULES.shell, 'src/features/activities/index.ts']],
  ['working', [FIRST_PAGE_MODULES.groups, FIRST_PAGE_MODULES.leads]],
];
/** What the sign-in page loads only when it shows it: the providers' buttons, with their "or" divider. */
const SIGN_IN_LAZY_SOURCES = ['src/features/auth/components/provider-buttons.tsx'];
const SIGNED_OUT = new Set<Area>(['account', 'public']);
const SIGNED_IN = new Set<Area>(['shell', 'working']);
/** The order the groups are made in: a group takes along the modules its modules import that no group has yet. */
const ORDER: Area[] = ['sign-in', 'common', 'account', 'public', 'shell', 'working'];

/** Module id → its area, from the chunks of a build split as the bundler likes. */
export function areasOfModules(root: string, chunks: OutputChunk[]): Map<string, Area> {
  const { byFile, staticClosure } = chunkGraph(chunks);
  const loadedBy = new Map<string, Set<Area>>();
  const entryFiles = new Set<string>();
  for (const chunk of chunks.filter((c) => c.isEntry)) staticClosure(chunk, entryFiles);
  /** The modules that `source` loads at once, beside the entries' own. */
  const modulesLoadedBy = (source: string): string[] => {
    const facade = chunks.find((c) => c.facadeModuleId === path.join(root, source));
    if (!facade) throw new Error(`first-page-groups: no chunk for ${source}`);
    return [...staticClosure(facade)].filter((file) => !entryFiles.has(file)).flatMap((f) => byFile.get(f)!.moduleIds);
  };
  for (const [area, sources] of AREA_SOURCES) {
    for (const id of sources.flatMap(modulesLoadedBy)) {
      const areas = loadedBy.get(id) ?? new Set<Area>();
      areas.add(area);
      loadedBy.set(id, areas);
    }
  }
  const signInLazy = new Set(SIGN_IN_LAZY_SOURCES.flatMap(modulesLoadedBy));
  const areaOf = new Map<string, Area>();
  for (const [id, areas] of loadedBy) {
    const shared = [...areas].some((a) => SIGNED_OUT.has(a)) && [...areas].some((a) => SIGNED_IN.has(a));
    const isSignIn = areas.has('sign-in') || signInLazy.has(id);
    const area = isSignIn ? 'sign-in' : shared ? 'common' : ORDER.find((a) => areas.has(a));
    if (area) areaOf.set(id, area);
  }
  return areaOf;
}

/** One code-splitting group per area, made in ORDER. */
export function firstPageGroups(areaOf: Map<string, Area>): CodeSplittingGroup[] {
  return ORDER.map((area, index) => ({
    debugName: area,
    name: (id: string) => (areaOf.get(id) === area ? area : null),
    priority: ORDER.length - index,
  }));
}
