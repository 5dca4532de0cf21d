import { ROUTES } from '@leadcircle/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { CrmCallbackPage } from './crm-callback-page';

beforeEach(() => seedCurrentUser());

describe('CrmCallbackPage', { timeout: 20_000 }, () => {
  it('posts the code and state from the CRM once, then shows the CRM page', async () => {
    const calls = answerCalls({
      '/api/crm/connect/finish': {
        status: 200,
        body: { connection: null, oauth: { SALESFORCE: true, HUBSPOT: false } },
      },
    });
    renderInApp(<CrmCallbackPage />, {
      path: ROUTES.adminCrmCallback,
      initialEntry: '/admin/crms/salesforce/callback?code=abc&state=xyz',
    });
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/crm/connect/finish')).toEqual([
        { provider: 'SALESFORCE', code: 'abc', state: 'xyz' },
      ]),
    );
    expect(await screen.findByText('Salesforce is connected.')).toBeInTheDocument();
  });

  it("shows the server's refusal, and the CRM's own denial", async () => {
    answerCalls({
      '/api/crm/connect/finish': {
        status: 400,
        body: { code: 'CRM_STATE_INVALID', message: 'This sign-in link has expired or is not yours. Connect again.' },
      },
    });
    const { unmount } = renderInApp(<CrmCallbackPage />, {
      path: ROUTES.adminCrmCallback,
      initialEntry: '/admin/crms/hubspot/callback?code=abc&state=xyz',
    });
    expect(
      await screen.findByText('This sign-in link has expired or is not yours. Connect again.'),
    ).toBeInTheDocument();
    unmount();
    renderInApp(<CrmCallbackPage />, {
      path: ROUTES.adminCrmCallback,
      initialEntry:
        '/admin/crms/salesforce/callback?error=access_denied&error_description=end-user+denied+authorization',
    });
    expect(await screen.findByText('Salesforce did not connect: end-user denied authorization')).toBeInTheDocument();
  });
});
