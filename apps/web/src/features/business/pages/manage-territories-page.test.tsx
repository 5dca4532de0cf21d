import { PAGE_SIZE, type Territory } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentAddress, renderWithAddress } from '../../../test/current-address';
import { answerCalls, bodiesSentTo, type FakeAnswer } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { seedCurrentUser } from '../../../test/render-in-app';
import { rowOf } from '../../../test/table';
import { businessUser, testAdmin, testBusiness, testTerritory } from '../test-business';
import { ManageTerritoriesPage } from './manage-territories-page';

waitPatientlyForScreens();

const pacific = testTerritory;
const texas: Territory = { territoryId: 4, name: 'Texas', states: ['TX'], zipPrefixes: [], users: [] };
const milo = businessUser(9, 'Milo', 'Chen', 'ACTIVE');
const admin = testAdmin;

function answerTerritories(territories: FakeAnswer, extra: Record<string, FakeAnswer | FakeAnswer[]> = {}) {
  return answerCalls({
    '/api/business/get_by_user': { status: 200, body: testBusiness },
    '/api/territory/list': territories,
    '/api/business/get_business_users': {
      status: 200,
      body: { businessUsers: [milo], totalCount: 1, usersCount: 1, invitedCount: 0 },
    },
    ...extra,
  });
}
const listOf = (territories: Territory[]): FakeAnswer => ({ status: 200, body: { territories } });

const renderTerritories = () => renderWithAddress(<ManageTerritoriesPage />, '/manage-territories');

describe('ManageTerritoriesPage', { timeout: 20_000 }, () => {
  it("lists the business's territories with their area and users", async () => {
    await seedCurrentUser(admin);
    const calls = answerTerritories(listOf([pacific, texas]));
    renderTerritories();
    expect(await screen.findByRole('heading', { level: 1, name: 'Territories' })).toBeInTheDocument();
    await screen.findByText('Pacific Northwest');
    expect(
      within(rowOf('Pacific Northwest'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Pacific Northwest', 'WA, OR, ZIP 981xx', 'Milo Chen', '']);
    expect(within(rowOf('Texas')).getByText('—')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Texas' })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/territory/list')).toEqual([{ business_id: 5 }]);
    // The people to assign are asked for by the dialog, not by the list.
    expect(bodiesSentTo(calls, '/api/business/get_business_users')).toEqual([]);
  });

  it('opens the dialog with the active users to choose from', async () => {
    await seedCurrentUser(admin);
    const calls = answerTerritories(listOf([pacific]));
    renderTerritories();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Pacific Northwest' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit territory' }));
    expect(dialog.getByRole('button', { name: 'Milo Chen' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/business/get_business_users')).toEqual([
        { business_id: 5, user_status: 'ACTIVE', get_next: PAGE_SIZE },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'ADD TERRITORY' }));
    expect(screen.getByRole('dialog', { name: 'Add territory' })).toBeInTheDocument();
  });

  it('asks before removing a territory, then sends its id', async () => {
    await seedCurrentUser(admin);
    const calls = answerTerritories(listOf([pacific]), {
      '/api/territory/delete': { status: 200, body: { message: 'Removed.' } },
    });
    renderTerritories();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Pacific Northwest' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Remove the territory Pacific Northwest?' }));
    expect(confirm.getByText('Its users keep their leads; only the territory goes.')).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'REMOVE' }));
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/territory/delete')).toEqual([{ business_id: 5, territory_id: 3 }]),
    );
  });

  it("says why a removal failed, in the server's words", async () => {
    await seedCurrentUser(admin);
    answerTerritories(listOf([pacific]), {
      '/api/territory/delete': { status: 403, body: { message: 'Only an admin can do this.', code: 'X' } },
    });
    renderTerritories();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Pacific Northwest' }));
    fireEvent.click(screen.getByRole('button', { name: 'REMOVE' }));
    expect(await screen.findByText('Only an admin can do this.')).toBeInTheDocument();
  });

  it('says what to do when there is none yet, and when the list fails', async () => {
    await seedCurrentUser(admin);
    answerTerritories(listOf([]));
    const { unmount } = renderTerritories();
    expect(await screen.findByText('No territories yet: add one to give your users their area.')).toBeInTheDocument();
    unmount();

    answerTerritories({ status: 500, body: {} });
    renderTerritories();
    expect(await screen.findByText('The territories could not be loaded.')).toBeInTheDocument();
  });

  it('sends a SALES user to their own territory, asking nothing', async () => {
    await seedCurrentUser({ ...admin, role: 'SALES' });
    const calls = answerTerritories(listOf([pacific]));
    renderTerritories();
    await waitFor(() => expect(currentAddress()).toHaveTextContent(/^\/territory$/));
    expect(bodiesSentTo(calls, '/api/territory/list')).toEqual([]);
  });

  it('sends a user with no business to the root', async () => {
    await seedCurrentUser({ ...admin, business: null });
    answerTerritories(listOf([]), {
      '/api/business/get_by_user': { status: 404, body: { message: 'business not found' } },
    });
    renderTerritories();
    await waitFor(() => expect(currentAddress()).toHaveTextContent(/^\/$/));
  });
});
