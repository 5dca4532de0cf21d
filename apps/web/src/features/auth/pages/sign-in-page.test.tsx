import { type ClientConfig, MESSAGES, ROUTES } from '@leadcircle/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SnackbarHost } from '../../../components/snackbar-host';
import { store } from '../../../core/store';
import { ClientConfigProvider } from '../../../lib/client-config';
import { SignInPage } from './sign-in-page';

function renderSignIn(state?: unknown, providers: ClientConfig['providers'] = noProviders) {
  const router = createMemoryRouter([{ path: ROUTES.signIn, element: <SignInPage /> }], {
    initialEntries: [{ pathname: ROUTES.signIn, state }],
  });
  render(
    <Provider store={store}>
      <ClientConfigProvider config={{ ...testConfig, providers }}>
        <RouterProvider router={router} />
        <SnackbarHost />
      </ClientConfigProvider>
    </Provider>,
  );
}

const noProviders: ClientConfig['providers'] = { google: null, apple: null, linkedin: false };
const testConfig: ClientConfig = {
  version: 'test',
  environment: 'test',
  sentryDsn: null,
  supportEmail: '',
  downloadApp: { iosUrl: '', androidUrl: '' },
  providers: noProviders,
  maps: { googleMapsApiKey: null, tileUrl: '', tileAttribution: '' },
  billing: { provider: 'local', stripePublishableKey: null, pricePerUser: 49.99 },
};

describe('SignInPage', () => {
  it('labels every field and control with the spec texts', () => {
    renderSignIn();

    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember me')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'I forgot my password' })).toHaveAttribute('href', ROUTES.forgotPassword);
    expect(screen.getByRole('link', { name: "Don't have an account? Sign up" })).toHaveAttribute('href', ROUTES.signUp);
  });

  it('pre-fills the address handed over in navigation state', () => {
    renderSignIn({ email: 'invited@example.com', inviteId: '3', inviteCode: 'c', inviteAction: 'GROUP_INVITE' });

    expect(screen.getByLabelText('Email')).toHaveValue('invited@example.com');
  });

  it('says the e-mail and the password are required when submitted empty', async () => {
    renderSignIn();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('once submitted, checks a field again as it changes, leaving the others as they were', async () => {
    renderSignIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.com' } });

    await waitFor(() => expect(screen.queryByText(MESSAGES.emailRequired)).not.toBeInTheDocument());
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows no provider buttons, and no "or", when the server configures none', () => {
    renderSignIn();

    expect(screen.queryByRole('button', { name: /^Sign in with / })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('shows only the providers the server configures', async () => {
    renderSignIn(undefined, { google: null, apple: null, linkedin: true });

    // The buttons load with the screen's providers section (a lazy chunk).
    expect(await screen.findByRole('button', { name: 'Sign in with LinkedIn' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Apple' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });
});
