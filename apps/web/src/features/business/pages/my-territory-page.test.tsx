import type { Territory, TerritoryLead } from '@leadcircle/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo, type FakeAnswer, holdAnswers } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { testTerritory } from '../test-business';
import { MyTerritoryPage } from './my-territory-page';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

// Dana's territory.
const pacific = { ...testTerritory, users: [{ userId: 7, firstName: 'Dana', lastName: 'Rivera' }] };
const lead: TerritoryLead = {
  leadId: 31,
  groupId: 4,
  name: 'Avery Buyer',
  company: 'Acme Corp',
  city: 'Seattle',
  stateAbbrv: 'WA',
  postal: '98101',
  latitude: 47.61,
  longitude: -122.33,
  territoryIds: [3],
};
const mine = (territories: Territory[], leads: TerritoryLead[]): FakeAnswer => ({
  status: 200,
  body: { territories, leads },
});

describe('MyTerritoryPage', { timeout: 20_000 }, () => {
  it('shows the territories with their area, a map, and the leads of the groups inside them', async () => {
    const calls = answerCalls({ '/api/territory/mine': mine([pacific], [lead]) });
    renderInApp(<MyTerritoryPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My territory' })).toBeInTheDocument();
    const territories = within(screen.getByRole('list', { name: 'Your territories' }));
    expect(territories.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Pacific Northwest: WA, OR, ZIP 981xx',
    ]);
    expect(screen.getByRole('region', { name: 'Territory map' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leads in your territory (1)' })).toBeInTheDocument();
    const leads = within(screen.getByRole('list', { name: 'Leads in your territory' }));
    expect(leads.getByText('Avery Buyer — Acme Corp')).toBeInTheDocument();
    expect(leads.getByText('Seattle, WA 98101')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/territory/mine')).toEqual([{}]);
  });

  it('says so when no lead of the groups is inside yet', async () => {
    answerCalls({ '/api/territory/mine': mine([pacific], []) });
    renderInApp(<MyTerritoryPage />);
    expect(await screen.findByText('No leads of your groups are in your territory yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leads in your territory (0)' })).toBeInTheDocument();
  });

  it('says who assigns territories to someone without one', async () => {
    answerCalls({ '/api/territory/mine': mine([], []) });
    renderInApp(<MyTerritoryPage />);
    expect(await screen.findByText('You have no territory yet. Your admin assigns territories.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Territory map' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, then the reason when the territories could not be loaded', async () => {
    const { held, release } = holdAnswers();
    answerCalls({ '/api/territory/mine': { status: 500, body: {}, after: held } });
    renderInApp(<MyTerritoryPage />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your territories could not be loaded.');
  });
});
