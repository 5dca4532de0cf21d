import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarHost } from '../../components/snackbar-host';
import { modalClosed, modalOpened } from '../../core/modals-slice';
import { resetApp } from '../../core/reset-app';
import { store } from '../../core/store';
import { ModalHost } from './modal-host';

const LAZY_DIALOG_TIMEOUT_MS = 10_000;

function renderHost() {
  const router = createMemoryRouter([{ path: '*', element: <ModalHost /> }]);
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <SnackbarHost />
    </Provider>,
  );
}

// The dialogs' own calls have no server here (jsdom cannot even build a relative request): quiet.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  store.dispatch(resetApp());
  vi.restoreAllMocks();
});

describe('ModalHost', () => {
  it('shows nothing while no modal is open', () => {
    renderHost();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows one modal at a time, the first open one in the spec order', async () => {
    renderHost();
    store.dispatch(modalOpened('help'));
    expect(await screen.findByRole('dialog', { name: 'Help' })).toBeInTheDocument();

    store.dispatch(modalOpened('paymentSuccess'));
    // Billing's dialogs are their own chunk: the first one takes a moment to load.
    expect(
      await screen.findByRole('dialog', { name: 'Payment successful' }, { timeout: LAZY_DIALOG_TIMEOUT_MS }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Help' })).not.toBeInTheDocument();

    store.dispatch(modalClosed('paymentSuccess'));
    expect(await screen.findByRole('dialog', { name: 'Help' })).toBeInTheDocument();
  });

  it('shows the create group wizard before the join group dialog, both before payment', async () => {
    renderHost();
    store.dispatch(modalOpened('payment'));
    store.dispatch(modalOpened('joinGroup'));
    expect(
      await screen.findByRole('dialog', { name: 'Join group' }, { timeout: LAZY_DIALOG_TIMEOUT_MS }),
    ).toBeInTheDocument();

    store.dispatch(modalOpened('createGroup'));
    expect(await screen.findByRole('dialog', { name: 'Create group' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Join group' })).not.toBeInTheDocument();
  });
});
