import type { ClientConfig } from '@leadcircle/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { store } from '../core/store';
import { afterFirstPaint } from '../lib/after-first-paint';
import { ClientConfigProvider } from '../lib/client-config';
import { AppRoutes, RouterNavigator } from './router';
import { theme } from './theme';

// Snackbars (notistack) load after the first paint (a message shown before waits for them: use-notify.ts).
const SnackbarHost = lazy(() =>
  afterFirstPaint()
    .then(() => import('../components/snackbar-host'))
    .then((m) => ({ default: m.SnackbarHost })),
);

/** `onShown` is called once the first render has been committed and painted. */
export function App({ config, onShown }: { config: ClientConfig; onShown?: () => void }) {
  // Effects run after the browser has painted the committed render.
  useEffect(() => onShown?.(), [onShown]);
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Provider store={store}>
          <ClientConfigProvider config={config}>
            {/* No transitions: a link shows its page, or the page's spinner, at once; the previous page never
                stays on screen under the new address, where what a person typed into it would be lost. */}
            <BrowserRouter useTransitions={false}>
              <RouterNavigator />
              <AppRoutes />
            </BrowserRouter>
            <Suspense fallback={null}>
              <SnackbarHost />
            </Suspense>
          </ClientConfigProvider>
        </Provider>
      </ThemeProvider>
    </StrictMode>
  );
}
