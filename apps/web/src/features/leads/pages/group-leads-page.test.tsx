import { PAGE_SIZE, ROUTES } from '@leadcircle/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerCalls } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { testLead } from '../components/test-lead';
import { GroupLeadsPage } from './group-leads-page';

// The lead list's search, filter chips and sort: what they ask the server for, and the address they keep.

const groupId = testLead.groupId;
const page = (count: number, capped = false) => ({
  status: 200,
  body: { leads: [testLead], totalCount: count, totalCountCapped: capped, nextCursor: null, previousCursor: null },
});

/** The address the page is at, to read what it keeps there. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

function renderList(query = '') {
  return renderInApp(
    <>
      <GroupLeadsPage />
      <Address />
    </>,
    { path: ROUTES.groupLeads, initialEntry: `/groups/${groupId}/leads${query}` },
  );
}
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const listBodies = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/lead/list').map((c) => c.body);

describe('the lead list search, filters and sort', () => {
  it('shows and asks for the list the address names', async () => {
    await seedCurrentUser();
    const calls = answerCalls({ '/api/lead/list': page(3) });
    renderList('?q=acme&state=CA&outcome=WON&sort=NAME');

    expect(await screen.findByText(testLead.fullName)).toBeInTheDocument();
    expect(listBodies(calls)).toEqual([
      {
        group_id: groupId,
        start_position: 0,
        get_next: PAGE_SIZE,
        search: 'acme',
        filters: { state: 'CA', outcome: 'WON' },
        sort_by: 'NAME',
      },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search leads' })).toHaveValue('acme');
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('button', { name: /^State filter: CA/ })).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: /^Outcome filter: Won/ })).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'Assigned to filter' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Name');
    expect(screen.getByText('3 leads match')).toBeInTheDocument();
  });

  it('sends the search once typing pauses, and keeps it in the address', async () => {
    await seedCurrentUser();
    const calls = answerCalls({ '/api/lead/list': page(1) });
    renderList();
    await screen.findByText(testLead.fullName);
    const field = screen.getByRole('searchbox', { name: 'Search leads' });
    fireEvent.change(field, { target: { value: 'a' } });
    fireEvent.change(field, { target: { value: 'ac' } });
    fireEvent.change(field, { target: { value: 'acme' } });
    await waitFor(() => expect(address()).toBe('?q=acme'));
    await waitFor(() => expect(listBodies(calls)).toHaveLength(2));
    expect(listBodies(calls)[1]).toMatchObject({ search: 'acme' });
  });

  it('sets a filter from its chip by keyboard, and clears it', async () => {
    await seedCurrentUser();
    const calls = answerCalls({ '/api/lead/list': page(1) });
    renderList();
    await screen.findByText(testLead.fullName);
    const chip = screen.getByRole('button', { name: 'Outcome filter' });
    chip.focus();
    fireEvent.keyUp(chip, { key: 'Enter' });
    fireEvent.click(chip);
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Won' }));
    await waitFor(() => expect(address()).toBe('?outcome=WON'));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ filters: { outcome: 'WON' } }));

    fireEvent.click(screen.getByRole('button', { name: 'Duplicates only' }));
    await waitFor(() => expect(address()).toBe('?outcome=WON&duplicates_only=true'));
    expect(screen.getByRole('button', { name: 'Duplicates only' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(address()).toBe(''));
  });

  it('changes the sort from its select', async () => {
    await seedCurrentUser();
    const calls = answerCalls({ '/api/lead/list': page(1) });
    renderList();
    await screen.findByText(testLead.fullName);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rating' }));
    await waitFor(() => expect(address()).toBe('?sort=RATING'));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ sort_by: 'RATING' }));
  });

  it('says a capped count as 1,000+', async () => {
    await seedCurrentUser();
    answerCalls({ '/api/lead/list': page(1000, true) });
    renderList('?state=CA');
    expect(await screen.findByText('1,000+ leads match')).toBeInTheDocument();
  });

  it('loads the members for Submitted by only when its menu opens', async () => {
    await seedCurrentUser();
    const calls = answerCalls({
      '/api/lead/list': page(1),
      '/api/user/get_users_by_group': {
        status: 200,
        body: { users: [{ userId: 9, fullName: 'Grace Hopper' }], totalCount: 1 },
      },
    });
    renderList();
    await screen.findByText(testLead.fullName);
    expect(calls.map((c) => c.path)).not.toContain('/api/user/get_users_by_group');
    fireEvent.click(screen.getByRole('button', { name: 'Submitted by filter' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Grace Hopper' }));
    await waitFor(() => expect(address()).toBe('?submitted_by=9'));
    await act(async () => {});
    expect(screen.getByRole('button', { name: /^Submitted by filter: Grace Hopper/ })).toBeInTheDocument();
  });
});
