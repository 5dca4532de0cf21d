import { encodeOAuthState, MESSAGES, ROUTES } from '@leadcircle/shared';
import { render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { store } from '../../../core/store';
import { OAuthLoginPage } from './oauth-login-page';

// Where the sign-in page would be: shows the navigation state it was handed.
function SignInProbe() {
  return <pre data-testid="sign-in-state">{JSON.stringify(useLocation().state)}</pre>;
}

function renderCallback(search: string) {
  const router = createMemoryRouter(
    [
      { path: ROUTES.oauthLogin, element: <OAuthLoginPage /> },
      { path: ROUTES.signIn, element: <SignInProbe /> },
    ],
    { initialEntries: [`${ROUTES.oauthLogin}${search}`] },
  );
  render(
    <Provider store={store}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </Provider>,
  );
}

const invite = { inviteId: '42', inviteCode: 'join-us', inviteAction: 'GROUP_INVITE' as const };

describe('OAuthLoginPage (the LinkedIn callback)', () => {
  it('goes back to sign in with linkedInLoginError and the invite of the state when LinkedIn sent an error', async () => {
    const state = encodeOAuthState(invite, { key: 'k' });
    renderCallback(`?error=user_cancelled_login&error_description=Call+0800+now&state=${state}`);

    const shown = JSON.parse((await screen.findByTestId('sign-in-state')).textContent ?? '');
    // LinkedIn's own text is not shown: anyone can put words in a link.
    expect(shown).toEqual({ linkedInLoginError: MESSAGES.linkedInLoginFailed, ...invite });
  });

  it('goes back to sign in with linkedInLoginError when the code or the state is missing', async () => {
    renderCallback('?code=abc');

    const shown = JSON.parse((await screen.findByTestId('sign-in-state')).textContent ?? '');
    expect(shown).toEqual({ linkedInLoginError: MESSAGES.linkedInLoginFailed });
  });
});
