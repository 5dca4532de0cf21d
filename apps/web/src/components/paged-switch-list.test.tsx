import { PAGE_SIZE } from '@leadcircle/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagedSwitchList, type SwitchListPage } from './paged-switch-list';

interface Fruit {
  id: number;
  name: string;
}

/** A list of `total` fruits served 50 a page, as a feature's list query would. */
function pagesOf(total: number, overrides: Partial<SwitchListPage<Fruit>> = {}) {
  const asked: number[] = [];
  const usePage = (page: number): SwitchListPage<Fruit> => {
    asked.push(page);
    const start = page * PAGE_SIZE;
    const items = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, total - start)) }, (_, i) => ({
      id: start + i + 1,
      name: `Fruit ${start + i + 1}`,
    }));
    return { items, totalCount: total, isLoading: false, isError: false, ...overrides };
  };
  return { usePage, asked };
}

function renderList(usePage: (page: number) => SwitchListPage<Fruit>) {
  render(
    <PagedSwitchList
      usePage={usePage}
      itemKey={(fruit) => fruit.id}
      renderSwitch={(fruit) => <li>{fruit.name}</li>}
      loadError="The fruits could not be loaded."
      empty={{ title: 'No fruit yet', text: 'Fruits you pick appear here.' }}
      moreLabel="Show more fruits"
    />,
  );
}

describe('PagedSwitchList', () => {
  it('shows the first 50 and loads the next page only when asked, then no more button', () => {
    const { usePage, asked } = pagesOf(PAGE_SIZE + 3);
    renderList(usePage);
    expect(screen.getAllByRole('listitem')).toHaveLength(PAGE_SIZE);
    expect(asked.every((page) => page === 0)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show more fruits' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(PAGE_SIZE + 3);
    expect(screen.getByText(`Fruit ${PAGE_SIZE + 3}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more fruits' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing, without a more button', () => {
    renderList(pagesOf(0).usePage);
    expect(screen.getByText('No fruit yet')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the load error in place of the list', () => {
    renderList(pagesOf(3, { isError: true, items: undefined, error: undefined }).usePage);
    expect(screen.getByText('The fruits could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows a spinner while the first page loads', () => {
    renderList(pagesOf(3, { isLoading: true, items: undefined }).usePage);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
  });
});
