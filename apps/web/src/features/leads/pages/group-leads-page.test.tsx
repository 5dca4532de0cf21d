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
// The screen answers when it answers: on a busy machine the debounce and renders take longer.
const patience = { timeout: 10_000 };
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
// The search, chips and sort load just after the list.
const toolbarLoaded = () => screen.findByRole('searchbox', { name: 'Search leads' }, patience);
const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const listBodies = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/lead/list').map((c) => c.body);

describe('the lead list search, filters and sort', { timeout: 30_000 }, () => {
  it('shows and asks for the list the address names', async () => {
    await seedCurrentUser();
    const calls = answerCalls({ '/api/lead/list': page(3) });
    renderList('?q=acme&state=CA&outcome=WON&sort=NAME');

    expect(await screen.findByText(testLead.fullName, {}, patience)).toBeInTheDocument();
    await toolbarLoaded();
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
    await screen.findByText(testLead.fullName, {}, patience);
    await toolbarLoaded();
    const field = screen.getByRole('searchbox', { name: 'Search leads' });
    fireEvent.change(field, { target: { value: 'a' } });
    fireEvent.change(field, { target: { value: 'ac' } });
    fireEvent.change(field, { target: { value: 'acme' } });
    await waitFor(() => expect(address()).toBe('?q=acme'), patience);
    await waitFor(() => expect(listBodies(calls)).toHaveLength(2), patience);
    expect(listBodies(calls)[1]).toMatchObject({ search: 'acme' });
  });

  it('sets a filter from its chip by keyboard, and clears it', async () => {
    await seedCurrentUser();
    const calls = answerCalls({ '/api/lead/list': page(1) });
    renderList();
    await screen.findByText(testLead.fullName, {}, patience);
    await toolbarLoaded();
    const chip = screen.getByRole('button', { name: 'Outcome filter' });
    chip.focus();
    fireEvent.keyUp(chip, { key: 'Enter' });
    fireEvent.click(chip);
    const menu = await screen.findByRole('menu', {}, patience);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Won' }));
    await waitFor(() => expect(address()).toBe('?outcome=WON'), patience);
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ filters: { outcome: 'WON' } }), patience);

    fireEvent.click(screen.getByRole('button', { name: 'Duplicates only' }));
    await waitFor(() => expect(address()).toBe('?outcome=WON&duplicates_only=true'), patience);
    expect(screen.getByRole('button', { name: 'Duplicates only' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(address()).toBe(''), patience);
  });

  it('changes the sort from its select', async () => {
    await seedCurrentUser();
    const calls = answerCalls({ '/api/lead/list': page(1) });
    renderList();
    await screen.findByText(testLead.fullName, {}, patience);
    await toolbarLoaded();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Rating' }, patience));
    await waitFor(() => expect(address()).toBe('?sort=RATING'), patience);
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ sort_by: 'RATING' }), patience);
  });

  it('filters by a range of days added', async () => {
    await seedCurrentUser();
    const calls = answerCalls({ '/api/lead/list': page(1) });
    renderList('?added=7');
    await screen.findByText(testLead.fullName, {}, patience);
    await toolbarLoaded();
    fireEvent.click(screen.getByRole('button', { name: /^Added filter: Last 7 days/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Between dates…' }, patience));
    const dialog = await screen.findByRole('dialog', { name: 'Added between' }, patience);
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-03-02' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(within(dialog).getByText('Must not be before From')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'APPLY' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'APPLY' }));
    await waitFor(() => expect(address()).toBe('?added_from=2026-03-02&added_to=2026-03-31'), patience);
    await waitFor(
      () =>
        expect(listBodies(calls).at(-1)).toMatchObject({
          filters: { added_from: '2026-03-02', added_to: '2026-03-31' },
        }),
      patience,
    );
    expect(screen.getByRole('button', { name: /^Added filter: 2026-03-02 – 2026-03-31/ })).toBeInTheDocument();
  });

  it('says a capped count as 1,000+', async () => {
    await seedCurrentUser();
    answerCalls({ '/api/lead/list': page(1000, true) });
    renderList('?state=CA');
    expect(await screen.findByText('1,000+ leads match', {}, patience)).toBeInTheDocument();
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
    await screen.findByText(testLead.fullName, {}, patience);
    await toolbarLoaded();
    expect(calls.map((c) => c.path)).not.toContain('/api/user/get_users_by_group');
    fireEvent.click(screen.getByRole('button', { name: 'Submitted by filter' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Grace Hopper' }, patience));
    await waitFor(() => expect(address()).toBe('?submitted_by=9'), patience);
    await act(async () => {});
    expect(screen.getByRole('button', { name: /^Submitted by filter: Grace Hopper/ })).toBeInTheDocument();
  });
});
