import { type BusinessUser, PAGE_SIZE, TERRITORY_MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo, type FakeAnswer } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { businessUser, testTerritory } from '../test-business';
import { TerritoryDialog } from './territory-dialog';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

const dana = businessUser(7, 'Dana', 'Rivera', 'ACTIVE');
const milo = businessUser(9, 'Milo', 'Chen', 'ACTIVE');
const usersOf = (people: BusinessUser[]): FakeAnswer => ({
  status: 200,
  body: { businessUsers: people, totalCount: people.length, usersCount: people.length, invitedCount: 0 },
});
const PEOPLE = '/api/business/get_business_users';
const pacific = testTerritory;

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Picks an option of an Autocomplete by typing part of it. */
function pick(label: string, typed: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}
/** Types into Users as a person does: focused first. */
function typeInUsers(typed: string) {
  const input = screen.getByRole('combobox', { name: 'Users' });
  input.focus();
  fireEvent.change(input, { target: { value: typed } });
}
/** Picks a person: typed, searched for on the server, then chosen. */
async function pickPerson(typed: string, option: string) {
  typeInUsers(typed);
  fireEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));

describe('TerritoryDialog', { timeout: 20_000 }, () => {
  it('adds a territory with its states, its ZIP prefixes as a list and its users, and says so', async () => {
    const calls = answerCalls({
      [PEOPLE]: usersOf([dana, milo]),
      '/api/territory/create': { status: 200, body: { ...pacific, territoryId: 4 } },
    });
    const onClose = vi.fn();
    renderInApp(<TerritoryDialog businessId={5} territory={null} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Add territory' }));
    expect(
      dialog.getByText('A territory covers US states and/or ZIP codes starting with the 3-digit prefixes you list.'),
    ).toBeInTheDocument();
    type('Name', 'Texas');
    pick('States', 'Tex', 'Texas (TX)');
    type('ZIP prefixes', '750, 751;752  ');
    await pickPerson('Dana', 'Dana Rivera');
    save();
    expect(await screen.findByText('The territory has been added.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(bodiesSentTo(calls, '/api/territory/create')).toEqual([
      { business_id: 5, name: 'Texas', states: ['TX'], zip_prefixes: ['750', '751', '752'], user_ids: [7] },
    ]);
  });

  it('starts from the territory being edited and sends its id', async () => {
    const calls = answerCalls({
      [PEOPLE]: usersOf([dana, milo]),
      '/api/territory/update': { status: 200, body: pacific },
    });
    renderInApp(<TerritoryDialog businessId={5} territory={pacific} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Edit territory' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Pacific Northwest');
    expect(screen.getByRole('button', { name: 'Washington (WA)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Oregon (OR)' })).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP prefixes')).toHaveValue('981');
    expect(screen.getByRole('button', { name: 'Milo Chen' })).toBeInTheDocument();
    type('ZIP prefixes', '981, 982');
    save();
    expect(await screen.findByText('The territory has been updated.')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/territory/update')).toEqual([
      {
        business_id: 5,
        territory_id: 3,
        name: 'Pacific Northwest',
        states: ['WA', 'OR'],
        zip_prefixes: ['981', '982'],
        user_ids: [9],
      },
    ]);
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    answerCalls({
      [PEOPLE]: usersOf([dana, milo]),
      '/api/territory/create': [
        { status: 400, body: { message: TERRITORY_MESSAGES.areaRequired, code: 'X' } },
        { status: 500, body: {} },
      ],
    });
    const onClose = vi.fn();
    renderInApp(<TerritoryDialog businessId={5} territory={null} onClose={onClose} />);
    type('Name', 'Nowhere');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent(TERRITORY_MESSAGES.areaRequired);
    save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("searches the business's active people as the admin types, 50 at a time", async () => {
    const calls = answerCalls({ [PEOPLE]: [usersOf([dana, milo]), usersOf([milo])] });
    renderInApp(<TerritoryDialog businessId={5} territory={null} onClose={() => {}} />);
    typeInUsers('mil ');
    await waitFor(() =>
      expect(bodiesSentTo(calls, PEOPLE)).toEqual([
        { business_id: 5, user_status: 'ACTIVE', get_next: PAGE_SIZE },
        { business_id: 5, user_status: 'ACTIVE', get_next: PAGE_SIZE, search: 'mil' },
      ]),
    );
    const listbox = within(await screen.findByRole('listbox'));
    await waitFor(() => expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual(['Milo Chen']));
    fireEvent.click(listbox.getByRole('option', { name: 'Milo Chen' }));
    expect(screen.getByRole('button', { name: 'Milo Chen' })).toBeInTheDocument();
  });

  it('keeps the users of the territory being edited, though they are not among the people first listed', async () => {
    const calls = answerCalls({ [PEOPLE]: usersOf([dana]), '/api/territory/update': { status: 200, body: pacific } });
    renderInApp(<TerritoryDialog businessId={5} territory={pacific} onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Milo Chen' })).toBeInTheDocument();
    await pickPerson('Dan', 'Dana Rivera');
    save();
    expect(await screen.findByText('The territory has been updated.')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/territory/update')[0]).toMatchObject({ user_ids: [9, 7] });
  });
});
