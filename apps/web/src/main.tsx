import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstPage } from './app/router';
import { loadClientConfig } from './lib/client-config';
import { initErrorReporter } from './lib/error-reporter';

async function boot() {
  preloadFirstPage(window.location.pathname);
  const config = await loadClientConfig();
  // Reporting starts in the background; until Sentry (if any) is ready, reports go to the console.
  void initErrorReporter(config);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(<App config={config} />);
}

void boot();
