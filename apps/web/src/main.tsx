import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadClientConfig } from './lib/client-config';
import { initErrorReporter } from './lib/error-reporter';

async function boot() {
  const { config, checked } = await loadClientConfig();
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  const root = createRoot(element);
  root.render(<App config={config} />);
  // Once the answer has passed the contract's check (loaded after the first paint): reporting starts in
  // the background (until Sentry, if any, is ready, reports go to the console); an answer that fails
  // it is replaced by the offline config.
  const valid = await checked;
  void initErrorReporter(valid);
  if (valid !== config) root.render(<App config={valid} />);
}

void boot();
