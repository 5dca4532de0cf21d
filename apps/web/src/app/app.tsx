import { type ClientConfig, SNACKBAR_AUTO_HIDE_MS } from '@leadcircle/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/es/integration/react';
import { PageSpinner } from '../components/page-spinner';
import { persistor, store } from '../core/store';
import { ClientConfigProvider } from '../lib/client-config';
import { router } from './router';
import { theme } from './theme';

export function App({ config }: { config: ClientConfig }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Provider store={store}>
          <PersistGate persistor={persistor} loading={<PageSpinner />}>
            <ClientConfigProvider config={config}>
              <SnackbarProvider autoHideDuration={SNACKBAR_AUTO_HIDE_MS} maxSnack={3}>
                <RouterProvider router={router} />
              </SnackbarProvider>
            </ClientConfigProvider>
          </PersistGate>
        </Provider>
      </ThemeProvider>
    </StrictMode>
  );
}
