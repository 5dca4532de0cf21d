import path from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { FIRST_PAGE_MODULES } from '../src/first-page';
import { chunkGraph } from './chunk-graph';

// Builds src/first-page.ts as an entry of its own, loads it first in index.html, and writes there, for each
// area it may preload, the files of that area's chunk and its static imports that the main entry does not
// already load (<meta name="first-page-chunks">; index.html is never cached, so the list is always current).
export const FIRST_PAGE_ENTRY = 'src/first-page.ts';

export function firstPageChunks(): Plugin {
  let root = '';
  return {
    name: 'leadcircle-first-page-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const chunks = Object.values(context.bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const { staticClosure } = chunkGraph(chunks);
        const bySource = (source: string) => {
          // The chunk that holds the module (first-page-groups.ts puts an area's modules in one chunk).
          const chunk = chunks.find((c) => c.moduleIds.some((id) => path.relative(root, id) === source));
          if (!chunk) throw new Error(`first-page-chunks: no chunk for ${source}`);
          return chunk;
        };
        const firstPage = bySource(FIRST_PAGE_ENTRY);
        const loaded = new Set<string>();
        for (const chunk of chunks.filter((c) => c.isEntry && c !== firstPage)) staticClosure(chunk, loaded);
        const areas: Record<string, string[]> = {};
        for (const [area, source] of Object.entries(FIRST_PAGE_MODULES)) {
          areas[area] = [...staticClosure(bySource(source))].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
        }
        const content = JSON.stringify(areas).replaceAll('"', '&quot;');
        return html.replace(
          /(\s*)<script type="module"/,
          `$1<meta name="first-page-chunks" content="${content}" />` +
            `$1<script type="module" async crossorigin src="/${firstPage.fileName}"></script>$1<script type="module"`,
        );
      },
    },
  };
}
