import { BUSINESS_MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser, testConfig } from '../../../test/render-in-app';
import { CrmsPage } from './crms-page';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

describe('CrmsPage', { timeout: 20_000 }, () => {
  it('offers Salesforce and Hubspot while there is no integration, and the support address on CONTACT SUPPORT', async () => {
    const calls = answerCalls({ '/api/crm/user/check': { status: 200, body: { integrationExists: false } } });
    renderInApp(<CrmsPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have no CRM integration yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Salesforce' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hubspot' })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/crm/user/check')).toEqual([{}]);

    fireEvent.click(screen.getByRole('button', { name: 'CONTACT SUPPORT' }));
    const dialog = within(screen.getByRole('dialog', { name: 'CRM integration support' }));
    expect(dialog.getByRole('link', { name: testConfig.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${testConfig.supportEmail}`,
    );
  });

  it('says the integration is set up, without the options, when one exists', async () => {
    answerCalls({ '/api/crm/user/check': { status: 200, body: { integrationExists: true } } });
    renderInApp(<CrmsPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your CRM integration is set up' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Salesforce' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CONTACT SUPPORT' })).toBeInTheDocument();
  });

  it('takes a 404 as no integration, silently', async () => {
    answerCalls({ '/api/crm/user/check': { status: 404, body: { message: 'No CRM.' } } });
    renderInApp(<CrmsPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have no CRM integration yet' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No CRM.')).not.toBeInTheDocument();
  });

  it("toasts the server's message when the check fails, or 'Unknown error'", async () => {
    answerCalls({ '/api/crm/user/check': { status: 503, body: { message: 'The database is not reachable.' } } });
    const { unmount } = renderInApp(<CrmsPage />);
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    unmount();

    answerCalls({ '/api/crm/user/check': { status: 500, body: {} } });
    renderInApp(<CrmsPage />);
    expect(await screen.findByText(BUSINESS_MESSAGES.crmLoadFailed)).toBeInTheDocument();
  });
});
