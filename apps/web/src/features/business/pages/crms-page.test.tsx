import {
  BUSINESS_MESSAGES,
  CRM_ACCESS_TOKEN_MAX,
  CRM_EXTERNAL_ID_FIELD_MAX,
  CRM_MAPPING_MAX,
  CRM_STATUS_KEY_MAX,
} from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

describe('CrmsPage with a connection', { timeout: 20_000 }, () => {
  const connection = {
    provider: 'SALESFORCE',
    accountName: 'ada@acme.example',
    status: 'CONNECTED',
    lastWorkedAt: '2026-11-22T12:00:00.000Z',
    lastSyncedAt: null,
    autoSend: false,
    mapping: { 'Working - Contacted': 'CONTACTED' },
    instanceUrl: 'https://acme.my.salesforce.com',
    externalIdField: null,
  };

  it('offers CONNECT SALESFORCE and the HubSpot token form when HubSpot OAuth is not set up', async () => {
    answerCalls({
      '/api/crm/user/check': { status: 404, body: { message: 'No CRM.' } },
      '/api/crm/connection/get': {
        status: 200,
        body: { connection: null, oauth: { SALESFORCE: true, HUBSPOT: false } },
      },
    });
    renderInApp(<CrmsPage />);
    expect(await screen.findByRole('button', { name: 'CONNECT SALESFORCE' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Private app access token/)).toHaveAttribute(
      'maxlength',
      String(CRM_ACCESS_TOKEN_MAX),
    );
  });

  it('shows the account, SYNC NOW, DISCONNECT, the switch and the mapping', async () => {
    const calls = answerCalls({
      '/api/crm/user/check': { status: 200, body: { integrationExists: true } },
      '/api/crm/connection/get': { status: 200, body: { connection, oauth: { SALESFORCE: true, HUBSPOT: true } } },
      '/api/crm/sync': { status: 200, body: { checked: 3, recorded: 1 } },
      '/api/crm/settings/update': {
        status: 200,
        body: { connection: { ...connection, autoSend: true }, oauth: { SALESFORCE: true, HUBSPOT: true } },
      },
    });
    renderInApp(<CrmsPage />);
    expect(await screen.findByText('ada@acme.example')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your CRM integration is set up' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'DISCONNECT' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Working - Contacted')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'SYNC NOW' }));
    expect(await screen.findByText('Checked 3 records; 1 new step.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Send every lead my members take' }));
    await waitFor(() => expect(bodiesSentTo(calls, '/api/crm/settings/update')).toEqual([{ auto_send: true }]));
  });

  it('edits the mapping row by row: adds a status, names it, picks its step, removes another, and saves the rest', async () => {
    const calls = answerCalls({
      '/api/crm/user/check': { status: 200, body: { integrationExists: true } },
      '/api/crm/connection/get': {
        status: 200,
        body: {
          connection: { ...connection, mapping: { 'Working - Contacted': 'CONTACTED', Dead: 'LOST' } },
          oauth: { SALESFORCE: true, HUBSPOT: true },
        },
      },
      '/api/crm/settings/update': { status: 200, body: { connection, oauth: { SALESFORCE: true, HUBSPOT: true } } },
    });
    renderInApp(<CrmsPage />);
    expect(await screen.findByDisplayValue('Working - Contacted')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ADD STATUS' }));
    // The step first, then the name: either order keeps both.
    fireEvent.change(screen.getByRole('combobox', { name: 'Outcome step 3' }), { target: { value: 'WON' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'CRM status 3' }), { target: { value: 'Closed Won' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'REMOVE' })[1]!);
    expect(screen.queryByDisplayValue('Dead')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CRM status 2' })).toHaveValue('Closed Won');
    expect(screen.getByRole('combobox', { name: 'Outcome step 2' })).toHaveValue('WON');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE MAPPING' }));
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/crm/settings/update')).toEqual([
        { mapping: { 'Working - Contacted': 'CONTACTED', 'Closed Won': 'WON' } },
      ]),
    );
  });

  it('saves the Salesforce external ID field, explains it, and refuses a bad name without sending it', async () => {
    const calls = answerCalls({
      '/api/crm/user/check': { status: 200, body: { integrationExists: true } },
      '/api/crm/connection/get': { status: 200, body: { connection, oauth: { SALESFORCE: true, HUBSPOT: true } } },
      '/api/crm/settings/update': {
        status: 200,
        body: {
          connection: { ...connection, externalIdField: 'LeadCircle_Id__c' },
          oauth: { SALESFORCE: true, HUBSPOT: true },
        },
      },
    });
    renderInApp(<CrmsPage />);
    const field = await screen.findByRole('textbox', { name: 'External ID field' });
    expect(field).toHaveAccessibleDescription(expect.stringContaining('LeadCircle_Id__c'));
    fireEvent.change(field, { target: { value: 'Lead Id' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE FIELD' }));
    expect(await screen.findByText(/ending in __c/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSentTo(calls, '/api/crm/settings/update')).toEqual([]);
    fireEvent.change(field, { target: { value: 'LeadCircle_Id__c' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE FIELD' }));
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/crm/settings/update')).toEqual([{ external_id_field: 'LeadCircle_Id__c' }]),
    );
    expect(await screen.findByText('The external ID field is saved.')).toBeInTheDocument();
  });

  it('has no external ID field for HubSpot', async () => {
    answerCalls({
      '/api/crm/user/check': { status: 200, body: { integrationExists: true } },
      '/api/crm/connection/get': {
        status: 200,
        body: {
          connection: { ...connection, provider: 'HUBSPOT', instanceUrl: null },
          oauth: { SALESFORCE: true, HUBSPOT: true },
        },
      },
    });
    renderInApp(<CrmsPage />);
    expect(await screen.findByRole('button', { name: 'DISCONNECT' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'External ID field' })).not.toBeInTheDocument();
  });

  it('says Reconnect Salesforce when Salesforce refused the refresh token', async () => {
    answerCalls({
      '/api/crm/user/check': { status: 200, body: { integrationExists: true } },
      '/api/crm/connection/get': {
        status: 200,
        body: { connection: { ...connection, status: 'RECONNECT_NEEDED' }, oauth: { SALESFORCE: true, HUBSPOT: true } },
      },
    });
    renderInApp(<CrmsPage />);
    expect(await screen.findByRole('button', { name: 'Reconnect Salesforce' })).toBeInTheDocument();
  });

  // Fifty mapping rows: fifty text fields and fifty native lists (typing redraws only its own row).
  it('keeps its fields within the shared limits: a status or field name no longer than the server takes, no mapping row past the last', async () => {
    const full = Object.fromEntries(
      Array.from({ length: CRM_MAPPING_MAX }, (_, i) => [`Status ${i + 1}`, 'CONTACTED']),
    );
    answerCalls({
      '/api/crm/user/check': { status: 200, body: { integrationExists: true } },
      '/api/crm/connection/get': {
        status: 200,
        body: { connection: { ...connection, mapping: full }, oauth: { SALESFORCE: true, HUBSPOT: true } },
      },
    });
    renderInApp(<CrmsPage />);
    // A page of 50 mapping rows: found by label and text, since a role query reads every element's style (seconds
    // each in jsdom at this size).
    const first = await screen.findByLabelText('CRM status 1');
    expect(first).toHaveAttribute('maxlength', String(CRM_STATUS_KEY_MAX));
    expect(screen.getByLabelText('External ID field')).toHaveAttribute('maxlength', String(CRM_EXTERNAL_ID_FIELD_MAX));
    const addStatus = () => screen.getByText('ADD STATUS').closest('button');
    expect(addStatus()).toBeDisabled();
    fireEvent.click(screen.getAllByText('REMOVE')[0]!);
    expect(addStatus()).toBeEnabled();
  });
});
