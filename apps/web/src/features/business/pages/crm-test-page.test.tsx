import { CRM_TEST_MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls } from '../../../test/fake-server';
import { renderInApp } from '../../../test/render-in-app';
import { CrmTestPage } from './crm-test-page';

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
// Required fields' labels end with an asterisk.
const fill = () => {
  type(/^url/, 'https://acme.my.salesforce.com');
  type(/^username/, 'ada@acme.example');
  type(/^password/, 'S3cret');
};
const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check CRM' }));

describe('CrmTestPage', () => {
  it('marks the required fields and describes the address and token by their help links', async () => {
    renderInApp(<CrmTestPage />);
    for (const name of [/^url/, /^username/, /^password/]) expect(screen.getByLabelText(name)).toBeRequired();
    expect(screen.getByLabelText(/^securityToken/)).not.toBeRequired();
    expect(screen.getByLabelText(/^url/)).toHaveAccessibleDescription('Where do I find my Salesforce address?');
    expect(screen.getByLabelText(/^url/)).toHaveAttribute('placeholder', 'https://yourcompany.my.salesforce.com');
    expect(screen.getByLabelText(/^securityToken/)).toHaveAccessibleDescription('How do I get my security token?');
    expect(screen.getByRole('link', { name: 'Where do I find my Salesforce address?' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('checks the fields first: empty ones say so and nothing is sent', { timeout: 20_000 }, async () => {
    const calls = answerCalls({});
    renderInApp(<CrmTestPage />);
    check();
    expect(await screen.findByText('URL is required')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows a negative result with its reason below it', { timeout: 20_000 }, async () => {
    answerCalls({
      '/api/crm/test': {
        status: 200,
        body: { success: false, reason: 'We could not reach a server at that address.' },
      },
    });
    renderInApp(<CrmTestPage />);
    fill();
    check();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(CRM_TEST_MESSAGES.failure);
    expect(status).toHaveTextContent('We could not reach a server at that address.');
    expect(status).not.toHaveTextContent(CRM_TEST_MESSAGES.error);
  });

  it('puts an address the server will not call under the url field', { timeout: 20_000 }, async () => {
    const message = 'The CRM address is not a public internet address.';
    answerCalls({ '/api/crm/test': { status: 400, body: { code: 'CRM_URL_PRIVATE', message } } });
    renderInApp(<CrmTestPage />);
    fill();
    check();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says "Error submitting" when our own server fails', { timeout: 20_000 }, async () => {
    answerCalls({ '/api/crm/test': { status: 500, body: { message: 'Something went wrong.' } } });
    renderInApp(<CrmTestPage />);
    fill();
    check();
    expect(await screen.findByRole('status')).toHaveTextContent(CRM_TEST_MESSAGES.error);
  });
});
