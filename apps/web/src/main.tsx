import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstPage } from './app/router';
import { afterFirstPaint } from './lib/after-first-paint';
import { loadClientConfig } from './lib/client-config';
import { initErrorReporter } from './lib/error-reporter';

async function boot() {
  // The first page's chunks were asked for by first-page.ts; a failed one loads again through the router.
  const firstPage = preloadFirstPage((document.documentElement.dataset.firstPage ?? '').split(' ')).catch(() => {});
  const [{ config, check }] = await Promise.all([loadClientConfig(), firstPage]);
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  const root = createRoot(element);
  root.render(<App config={config} />);
  // Once the answer has passed the contract's check (loaded after the first paint): reporting starts in
  // the background (until Sentry, if any, is ready, reports go to the console); an answer that fails
  // it is replaced by the offline config.
  await afterFirstPaint();
  const valid = await check();
  void initErrorReporter(valid);
  if (valid !== config) root.render(<App config={valid} />);
}

void boot();
