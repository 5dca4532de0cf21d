import type { SearchResponse } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerCalls } from '../../../test/fake-server';
import { renderInApp } from '../../../test/render-in-app';
import { ShellSearch } from './shell-search';

const answer: SearchResponse = {
  groups: [
    {
      kind: 'LEADS',
      hasMore: true,
      results: [
        { kind: 'LEADS', id: 7, title: 'José García', subtitle: 'Acme Corp · North', link: '/groups/3/leads/7' },
        { kind: 'LEADS', id: 8, title: 'Josefina Ortiz', subtitle: 'Bay Co · North', link: '/groups/3/leads/8' },
      ],
    },
    { kind: 'GROUPS', hasMore: false, results: [] },
    { kind: 'OPPORTUNITIES', hasMore: false, results: [] },
    { kind: 'CONTACTS', hasMore: false, results: [] },
    {
      kind: 'PEOPLE',
      hasMore: false,
      results: [{ kind: 'PEOPLE', id: 4, title: 'Jose Lima', subtitle: '', link: '/chat/direct' }],
    },
    { kind: 'MESSAGES', hasMore: false, results: [] },
  ],
};

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch() {
  const calls = answerCalls({ '/api/search': { status: 200, body: answer } });
  renderInApp(
    <>
      <ShellSearch />
      <input aria-label="Other field" />
      <Where />
    </>,
    { path: '*', initialEntry: '/activities' },
  );
  return calls;
}

const box = () => screen.getByRole('combobox', { name: 'Search everywhere' });

describe('ShellSearch', () => {
  it('lists results as you type, under a heading per kind, with the match marked', async () => {
    const calls = renderSearch();
    fireEvent.change(box(), { target: { value: 'jose' } });
    const leads = await screen.findByRole('group', { name: 'Leads' });
    const list = screen.getByRole('listbox', { name: 'Search results' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(within(leads).getAllByRole('option')).toHaveLength(2);
    expect(within(list).getByRole('group', { name: 'People' })).toBeInTheDocument();
    expect(within(list).queryByRole('group', { name: 'Groups' })).not.toBeInTheDocument();
    expect(within(leads).getAllByRole('option')[0]!.querySelector('mark')).toHaveTextContent('José');
    expect(calls.filter((c) => c.path === '/api/search').map((c) => c.body)).toEqual([{ query: 'jose' }]);
  });

  it('moves with the arrows and opens the active result with Enter', async () => {
    renderSearch();
    fireEvent.change(box(), { target: { value: 'jose' } });
    const options = await screen.findAllByRole('option');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/groups/3/leads/7');
  });

  it('opens the results page from See all, and Escape closes the list', async () => {
    renderSearch();
    fireEvent.change(box(), { target: { value: 'jose' } });
    await screen.findByRole('group', { name: 'Leads' });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(screen.getByRole('option', { name: 'See all results' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/search?q=jose');
  });

  it('is reached with / and Ctrl-K, but not while typing in a field', async () => {
    renderSearch();
    fireEvent.keyDown(document.body, { key: '/' });
    await waitFor(() => expect(box()).toHaveFocus());
    box().blur();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    await waitFor(() => expect(box()).toHaveFocus());
    const other = screen.getByRole('textbox', { name: 'Other field' });
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other).toHaveFocus();
  });
});
