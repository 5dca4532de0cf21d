import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TablePager } from './table-pager';

describe('TablePager', () => {
  it('shows the rows of the page among all of them, thousands grouped, and moves a page on or back', () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<TablePager count={1_234_567} page={0} rowsPerPage={50} onPageChange={onPageChange} />);
    expect(screen.getByText('1–50 of 1,234,567')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);

    rerender(<TablePager count={120} page={2} rowsPerPage={50} onPageChange={onPageChange} />);
    expect(screen.getByText('101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });
});
