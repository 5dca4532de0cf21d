import { BUSINESS_MESSAGES, type BusinessUser, PAGE_SIZE } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentAddress, renderWithAddress } from '../../../test/current-address';
import { answerCalls, bodiesSentTo, type FakeAnswer } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { seedCurrentUser } from '../../../test/render-in-app';
import { rowOf } from '../../../test/table';
import { businessUser, testAdmin, testBusiness } from '../test-business';
import { ManageUsersPage } from './manage-users-page';

waitPatientlyForScreens();

const dana = businessUser(7, 'Dana', 'Rivera', 'ACTIVE', 'ADMIN');
const milo = businessUser(9, 'Milo', 'Rivera', 'INACTIVE');
const ivy = businessUser(0, 'Ivy', 'Rivera', 'INVITED');
const admin = testAdmin;

const usersOf = (businessUsers: BusinessUser[], counts: { users: number; invited: number }): FakeAnswer => ({
  status: 200,
  body: {
    businessUsers,
    totalCount: counts.users + counts.invited,
    usersCount: counts.users,
    invitedCount: counts.invited,
  },
});
const threeUsers = usersOf([dana, milo, ivy], { users: 2, invited: 1 });
const billing = {
  provider: 'local',
  customerId: 'cus_1',
  hasPaymentMethod: true,
  active: true,
  subscription: {
    subscriptionId: 'sub_1',
    status: 'active',
    active: true,
    quantity: 1,
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  },
  activeUsers: 1,
  pricePerUser: 49.99,
};

function answerUsersPage(
  users: FakeAnswer | FakeAnswer[] = threeUsers,
  myBusiness: FakeAnswer = { status: 200, body: testBusiness },
) {
  return answerCalls({
    '/api/business/get_by_user': myBusiness,
    '/api/billing/get': { status: 200, body: billing },
    '/api/business/get_business_users': users,
  });
}

const renderUsers = () => renderWithAddress(<ManageUsersPage />, '/admin/manage-users');
const firstPage = {
  business_id: 5,
  start_position_users: 0,
  start_position_invited: 0,
  get_next: PAGE_SIZE,
  user_role: 'ALL_ROLE',
};
function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('ManageUsersPage', { timeout: 20_000 }, () => {
  it("lists the business's users then its invited people with the spec's columns; ADD USER and EXPORT TO CSV for an active admin", async () => {
    await seedCurrentUser(admin);
    const calls = answerUsersPage();
    renderUsers();
    expect(await screen.findByRole('heading', { level: 1, name: BUSINESS_MESSAGES.usersTitle })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Name', 'E-mail Address', 'Role', 'Status', 'Actions']);
    await screen.findByText('Dana Rivera');
    expect(
      within(rowOf('Dana Rivera'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['D', 'Dana Rivera', 'dana@northwind.example', 'ADMIN', 'ACTIVE', '']);
    expect(within(rowOf('Ivy Rivera')).getByText('INVITED')).toBeInTheDocument();
    // Only active users are edited; an inactive one is invited again.
    expect(screen.getByRole('button', { name: 'Edit Dana Rivera' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Milo Rivera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Ivy Rivera' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD USER' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EXPORT TO CSV' })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/business/get_business_users')).toEqual([firstPage]);
  });

  it('shows an admin without an active subscription the users, without ADD USER or EXPORT TO CSV', async () => {
    await seedCurrentUser({ ...admin, active: false });
    answerUsersPage();
    renderUsers();
    expect(await screen.findByText('Dana Rivera')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Dana Rivera' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ADD USER' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'EXPORT TO CSV' })).not.toBeInTheDocument();
  });

  it('offers a SALES user no action', async () => {
    await seedCurrentUser({ ...admin, role: 'SALES' });
    answerUsersPage();
    renderUsers();
    expect(await screen.findByText('Dana Rivera')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Dana Rivera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ADD USER' })).not.toBeInTheDocument();
  });

  it('sends the role and status chosen in the filters', async () => {
    await seedCurrentUser(admin);
    const calls = answerUsersPage();
    renderUsers();
    await screen.findByText('Dana Rivera');
    choose('Role', 'ADMIN');
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/business/get_business_users')).toContainEqual({
        ...firstPage,
        user_role: 'ADMIN',
      }),
    );
    choose('Status', 'INVITED');
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/business/get_business_users')).toContainEqual({
        ...firstPage,
        user_role: 'ADMIN',
        user_status: 'INVITED',
      }),
    );
  });

  it('searches by name or e-mail as the admin types, from the first page', async () => {
    await seedCurrentUser(admin);
    const calls = answerUsersPage([usersOf([dana], { users: 40, invited: 20 }), threeUsers]);
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Go to next page' }));
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(search, { target: { value: ' rivera ' } });
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/business/get_business_users').at(-1)).toEqual({
        ...firstPage,
        search: 'rivera',
      }),
    );
  });

  it('splits the next page’s offset between the users and the invited people', async () => {
    await seedCurrentUser(admin);
    // 40 users and 20 invited: page two is the invited people from the 11th.
    const calls = answerUsersPage(usersOf([dana], { users: 40, invited: 20 }));
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/business/get_business_users')).toContainEqual({
        ...firstPage,
        start_position_users: 40,
        start_position_invited: PAGE_SIZE - 40,
      }),
    );
  });

  it('says so when no user matches the filters', async () => {
    await seedCurrentUser(admin);
    answerUsersPage(usersOf([], { users: 0, invited: 0 }));
    renderUsers();
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails, or the spec's when it has none", async () => {
    await seedCurrentUser(admin);
    answerUsersPage({ status: 500, body: {} });
    renderUsers();
    expect(await screen.findByText(BUSINESS_MESSAGES.getUsersFailed)).toBeInTheDocument();
  });

  it('sends a user with no business to the root', async () => {
    await seedCurrentUser({ ...admin, business: null });
    const calls = answerUsersPage(threeUsers, { status: 404, body: { message: 'business not found' } });
    renderUsers();
    await waitFor(() => expect(currentAddress()).toHaveTextContent(/^\/$/));
    expect(bodiesSentTo(calls, '/api/business/get_business_users')).toEqual([]);
  });

  it('opens the add dialog with what the new user will cost on ADD USER', async () => {
    await seedCurrentUser(admin);
    answerUsersPage();
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'ADD USER' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add user' }));
    expect(await dialog.findByRole('note', { name: 'Cost change' })).toHaveTextContent(
      'When they accept, your subscription grows to 2 users: $99.98 a month (+$49.99) from your next invoice.',
    );
  });

  it("downloads the CSV of the business's users in the browser's time zone; a failure says so", async () => {
    await seedCurrentUser(admin);
    const calls = answerCalls({
      '/api/business/get_by_user': { status: 200, body: testBusiness },
      '/api/billing/get': { status: 200, body: billing },
      '/api/business/get_business_users': threeUsers,
      '/api/business/export_users': { status: 500, body: {} },
    });
    renderUsers();
    fireEvent.click(await screen.findByRole('button', { name: 'EXPORT TO CSV' }));
    expect(await screen.findByText('The users could not be exported.')).toBeInTheDocument();
    const [exported] = calls.filter((call) => call.path === '/api/business/export_users');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(Object.fromEntries(new URLSearchParams(exported?.query))).toEqual({ business_id: '5', time_zone: zone });
  });
});
