import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadFirstPageData, preloadFirstPage } from './app/router';
import { afterFirstPaint, FIRST_PAGE_SHOWN_EVENT } from './lib/after-first-paint';
import { loadClientConfig } from './lib/client-config';
import { initErrorReporter } from './lib/error-reporter';
import { listenForInstallPrompt } from './lib/install-prompt';

const FIRST_DATA_WAIT_MS = 500;

async function boot() {
  // The browser's offer to install comes once, early: kept for the Download app page.
  listenForInstallPrompt();
  // The first page's chunks were asked for by first-page.ts; a failed one loads again through the router.
  const areas = (document.documentElement.dataset.firstPage ?? '').split(' ');
  // The page renders with its first data when it is in, or at most FIRST_DATA_WAIT_MS after the page's
  // files: a slow answer shows the page's loading state instead.
  const firstPage = preloadFirstPage(areas)
    .then(() =>
      Promise.race([
        loadFirstPageData(areas, window.location.pathname),
        new Promise((waited) => setTimeout(waited, FIRST_DATA_WAIT_MS)),
      ]),
    )
    .catch(() => {});
  const [config] = await Promise.all([loadClientConfig(), firstPage]);
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  const root = createRoot(element);
  // The first render is a transition: React renders the page in slices between frames rather than in one
  // task that blocks a phone for a third of a second (a group's lead list: shell, tabs and table).
  await new Promise<void>((shown) => startTransition(() => root.render(<App config={config} onShown={shown} />)));
  // What can wait starts once the page shows: the files of the pages its links lead to (first-page.ts),
  // and error reporting (until Sentry, if any, is ready, reports go to the console).
  document.dispatchEvent(new Event(FIRST_PAGE_SHOWN_EVENT));
  await afterFirstPaint();
  void initErrorReporter(config);
  // The service worker (offline shell, push) is registered once the page shows, never before it paints;
  // not in development, where Vite serves the files.
  if (import.meta.env.PROD) void import('./lib/service-worker').then((m) => m.registerServiceWorker());
}

void boot();
