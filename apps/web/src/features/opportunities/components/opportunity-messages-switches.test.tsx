import { MESSAGES, type Opportunity, PAGE_SIZE } from '@leadcircle/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo, type FakeAnswer } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { testOpportunity } from '../../../test/test-opportunity';
import { OpportunityMessagesSwitches } from './opportunity-messages-switches';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

const listOf = (opportunities: Opportunity[], totalCount = opportunities.length): FakeAnswer => ({
  status: 200,
  body: { opportunities, totalCount },
});
const setting = (toggledOn: boolean): FakeAnswer => ({
  status: 200,
  body: { deliveryMethod: 'EMAIL', service: 'OPPORTUNITY', serviceId: 9, action: 'MESSAGES', toggledOn },
});
const officeMove = { delivery_method: 'EMAIL', service: 'OPPORTUNITY', service_id: 9, action: 'MESSAGES' };

/** The switch once its stored setting has come (it is disabled until then). */
async function loadedSwitch(checked: boolean) {
  const toggle = (await screen.findByRole('switch', { name: 'Messages in Office move' })) as HTMLInputElement;
  await waitFor(() => expect(toggle).toBeEnabled());
  expect(toggle.checked).toBe(checked);
  return toggle;
}

describe('OpportunityMessagesSwitches', { timeout: 20_000 }, () => {
  it("lists the person's opportunities, 50 a page, each switch as stored", async () => {
    const calls = answerCalls({
      '/api/opportunity/list': listOf([testOpportunity]),
      '/api/notification/settings/get': setting(true),
    });
    renderInApp(<OpportunityMessagesSwitches />);
    await loadedSwitch(true);
    expect(bodiesSentTo(calls, '/api/opportunity/list')).toEqual([{ start_position: 0, get_next: PAGE_SIZE }]);
    expect(bodiesSentTo(calls, '/api/notification/settings/get')).toEqual([officeMove]);
    expect(screen.queryByRole('button', { name: 'Show more opportunities' })).not.toBeInTheDocument();
  });

  it('saves a switch turned, and says so', async () => {
    const calls = answerCalls({
      '/api/opportunity/list': listOf([testOpportunity]),
      '/api/notification/settings/get': [setting(true), setting(false)],
      '/api/notification/settings/toggle': setting(false),
    });
    renderInApp(<OpportunityMessagesSwitches />);
    fireEvent.click(await loadedSwitch(true));
    expect(await screen.findByText(MESSAGES.notificationsUpdated)).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/notification/settings/toggle')).toEqual([{ ...officeMove, toggled_on: false }]);
    expect(screen.getByRole('switch', { name: 'Messages in Office move' })).not.toBeChecked();
  });

  it("turns a switch back when the change cannot be saved, with the spec's message", async () => {
    answerCalls({
      '/api/opportunity/list': listOf([testOpportunity]),
      '/api/notification/settings/get': setting(true),
      '/api/notification/settings/toggle': { status: 500, body: {} },
    });
    renderInApp(<OpportunityMessagesSwitches />);
    fireEvent.click(await loadedSwitch(true));
    expect(await screen.findByText(MESSAGES.notificationsUpdateFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Messages in Office move' })).toBeChecked());
  });

  it('loads the next 50 when asked', async () => {
    const calls = answerCalls({
      '/api/opportunity/list': listOf([testOpportunity], PAGE_SIZE + 1),
      '/api/notification/settings/get': setting(true),
    });
    renderInApp(<OpportunityMessagesSwitches />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show more opportunities' }));
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/opportunity/list')).toContainEqual({
        start_position: PAGE_SIZE,
        get_next: PAGE_SIZE,
      }),
    );
  });

  it('says what will appear when the person has no opportunity', async () => {
    answerCalls({ '/api/opportunity/list': listOf([]) });
    renderInApp(<OpportunityMessagesSwitches />);
    expect(await screen.findByText('No opportunity yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Each opportunity you create or that is shared with you will appear here with its own Messages switch.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the opportunities could not be loaded', async () => {
    answerCalls({ '/api/opportunity/list': { status: 500, body: {} } });
    renderInApp(<OpportunityMessagesSwitches />);
    expect(await screen.findByText('The opportunities could not be loaded.')).toBeInTheDocument();
  });
});
