import { MESSAGES, ROUTES } from '@leadcircle/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { store } from '../../../core/store';
import { SignInPage } from './sign-in-page';

function renderSignIn(state?: unknown) {
  const router = createMemoryRouter([{ path: ROUTES.signIn, element: <SignInPage /> }], {
    initialEntries: [{ pathname: ROUTES.signIn, state }],
  });
  render(
    <Provider store={store}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </Provider>,
  );
}

describe('SignInPage', () => {
  it('labels every field and control with the spec texts', () => {
    renderSignIn();

    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember me')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'I forgot my password' })).toHaveAttribute('href', ROUTES.forgotPassword);
    expect(screen.getByRole('link', { name: "Don't have an account? Sign up" })).toHaveAttribute('href', ROUTES.signUp);
    for (const provider of ['LinkedIn', 'Apple', 'Google']) {
      expect(screen.getByRole('button', { name: `Sign in with ${provider}` })).toBeInTheDocument();
    }
  });

  it('pre-fills the address handed over in navigation state', () => {
    renderSignIn({ email: 'invited@example.com', inviteId: '3', inviteCode: 'c', inviteAction: 'GROUP_INVITE' });

    expect(screen.getByLabelText('Email')).toHaveValue('invited@example.com');
  });

  it('shows the rule messages of spec 000 §5 when submitted empty', async () => {
    renderSignIn();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('says a provider is not configured when the server config has none', async () => {
    renderSignIn();

    for (const provider of ['LinkedIn', 'Apple', 'Google']) {
      fireEvent.click(screen.getByRole('button', { name: `Sign in with ${provider}` }));

      expect(await screen.findByText(MESSAGES.providerNotConfigured(provider))).toBeInTheDocument();
    }
  });
});
