import { PAGE_SIZE } from '@leadcircle/shared';
import IconButton from '@mui/material/IconButton';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable, type PagedTableProps, ROW_STEP } from './paged-table';

interface Fruit {
  id: number;
  name: string;
  color: string;
}

const fruits: Fruit[] = [
  { id: 1, name: 'Apple', color: 'red' },
  { id: 2, name: 'Lime', color: 'green' },
];

function renderTable(props: Partial<PagedTableProps<Fruit>> = {}) {
  return render(
    <PagedTable<Fruit>
      label="Fruits"
      columns={[
        { header: 'Name', cell: (fruit) => fruit.name },
        { header: 'Color', cell: (fruit) => fruit.color },
      ]}
      rows={fruits}
      rowKey={(fruit) => fruit.id}
      isLoading={false}
      totalCount={fruits.length}
      page={0}
      onPageChange={() => {}}
      {...props}
    />,
  );
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
};

describe('PagedTable: columns, loading, error and empty rows, the pager, rows that open', () => {
  it('leaves the columns hidden on a phone out of the page there, header and cells', () => {
    // A phone's width: every media query of the theme's breakpoints.down('sm') matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    try {
      renderTable({
        columns: [
          { header: 'Name', cell: (fruit) => fruit.name },
          { header: 'Color', cell: (fruit) => fruit.color, hideOnPhone: true },
        ],
      });
      expect(screen.getByText('Apple')).toBeInTheDocument();
      expect(screen.queryByText('red')).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Color' })).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('names the table and shows the column headers, the actions column without a visible name', () => {
    renderTable({ actions: () => null });
    const table = screen.getByRole('table', { name: 'Fruits' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Color', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('shows a loading row while the first page loads', () => {
    renderTable({ isLoading: true, rows: [] });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the error text in place of the rows', () => {
    renderTable({ errorText: 'The fruits could not be loaded.' });
    expect(screen.getByText('The fruits could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('Apple')).not.toBeInTheDocument();
  });

  it('shows the empty text when there are no rows', () => {
    renderTable({ rows: [], totalCount: 0, emptyText: 'No fruit yet.' });
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
  });

  it('shows the pager only when there is more than one page', () => {
    const { unmount } = renderTable({ totalCount: PAGE_SIZE });
    expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
    unmount();

    const onPageChange = vi.fn();
    renderTable({ totalCount: PAGE_SIZE + 1, onPageChange });
    expect(screen.getByText(`1–${PAGE_SIZE} of ${PAGE_SIZE + 1}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('opens a row on click, Enter and Space, and lets the keyboard reach it', () => {
    const onOpenRow = vi.fn();
    renderTable({ onOpenRow });
    const row = rowOf('Lime');
    expect(row).toHaveAttribute('tabindex', '0');

    fireEvent.click(screen.getByText('Apple'));
    expect(onOpenRow).toHaveBeenLastCalledWith(fruits[0]);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onOpenRow).toHaveBeenLastCalledWith(fruits[1]);
    fireEvent.keyDown(row, { key: ' ' });
    expect(onOpenRow).toHaveBeenCalledTimes(3);
    fireEvent.keyDown(row, { key: 'a' });
    expect(onOpenRow).toHaveBeenCalledTimes(3);
  });

  it('does not open the row when one of its action buttons is used', () => {
    const onOpenRow = vi.fn();
    const onEdit = vi.fn();
    renderTable({
      onOpenRow,
      actions: (fruit) => (
        <IconButton aria-label={`Edit ${fruit.name}`} onClick={() => onEdit(fruit)}>
          E
        </IconButton>
      ),
    });
    const edit = screen.getByRole('button', { name: 'Edit Apple' });
    fireEvent.click(edit);
    fireEvent.keyDown(edit, { key: 'Enter' });
    expect(onEdit).toHaveBeenCalledWith(fruits[0]);
    expect(onOpenRow).not.toHaveBeenCalled();
  });

  it('does not open the row on a click in the actions cell beside its buttons', () => {
    const onOpenRow = vi.fn();
    renderTable({
      onOpenRow,
      actions: (fruit) => <IconButton aria-label={`Edit ${fruit.name}`}>E</IconButton>,
    });
    const cell = screen.getByRole('button', { name: 'Edit Apple' }).closest('td');
    if (!cell) throw new Error('no actions cell');
    fireEvent.click(cell);
    expect(onOpenRow).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Apple'));
    expect(onOpenRow).toHaveBeenCalledWith(fruits[0]);
  });

  it('moves back to the last page with rows when the current page is left empty', () => {
    const onPageChange = vi.fn();
    renderTable({ page: 1, rows: [], totalCount: PAGE_SIZE, onPageChange });
    expect(onPageChange).toHaveBeenCalledTimes(1);
    expect(onPageChange).toHaveBeenCalledWith(0);
  });

  it('stays on a page that still holds rows', () => {
    const onPageChange = vi.fn();
    renderTable({ page: 1, rows: [], totalCount: PAGE_SIZE + 1, onPageChange });
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('does not move while the page loads', () => {
    const onPageChange = vi.fn();
    renderTable({ page: 1, rows: [], totalCount: 0, isLoading: true, onPageChange });
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('fills a first page a screenful of rows per task, the pager once every row is in', async () => {
    vi.useFakeTimers();
    try {
      const page = Array.from({ length: PAGE_SIZE }, (_, i) => ({ id: i + 1, name: `Fruit ${i + 1}`, color: 'red' }));
      const { rerender } = renderTable({ rows: [], isLoading: true, totalCount: 0 });
      const props = {
        label: 'Fruits',
        columns: [{ header: 'Name', cell: (fruit: Fruit) => fruit.name }],
        rowKey: (fruit: Fruit) => fruit.id,
        isLoading: false,
        totalCount: PAGE_SIZE + 1,
        page: 0,
        onPageChange: () => {},
      };
      rerender(<PagedTable<Fruit> {...props} rows={page} />);
      const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').length - 1;
      expect(bodyRows()).toBe(ROW_STEP);
      expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(bodyRows()).toBe(2 * ROW_STEP);
      for (let step = 2; step < PAGE_SIZE / ROW_STEP; step += 1) await act(() => vi.advanceTimersByTimeAsync(0));
      expect(bodyRows()).toBe(PAGE_SIZE);
      expect(screen.getByRole('button', { name: /next page/i })).toBeInTheDocument();

      // Once filled, a table shows a new page whole: it never shrinks to a screenful and grows again.
      rerender(
        <PagedTable<Fruit> {...props} page={1} rows={page.map((fruit) => ({ ...fruit, id: fruit.id + PAGE_SIZE }))} />,
      );
      expect(bodyRows()).toBe(PAGE_SIZE);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves rows out of the tab order when they open nothing', () => {
    renderTable();
    expect(rowOf('Apple')).not.toHaveAttribute('tabindex');
  });
});
