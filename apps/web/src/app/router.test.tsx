import { ROUTES } from '@leadcircle/shared';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { store } from '../core/store';
import { ClientConfigProvider } from '../lib/client-config';
import { testConfig } from '../test/render-in-app';
import { AppRoutes, preloadFirstPage } from './router';

function renderAt(pathname: string) {
  render(
    <Provider store={store}>
      <ClientConfigProvider config={testConfig}>
        <MemoryRouter initialEntries={[pathname]}>
          <AppRoutes />
        </MemoryRouter>
      </ClientConfigProvider>
    </Provider>,
  );
}

describe('lazy pages', () => {
  it('show the first page in the first render once it is preloaded: no spinner in between', async () => {
    await preloadFirstPage(['signIn']);
    renderAt(ROUTES.signIn);
    // Checked at once, before any promise settles.
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('show the spinner for a page not loaded yet, then the page', async () => {
    renderAt(ROUTES.forgotPassword);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send e-mail' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
  });
});
