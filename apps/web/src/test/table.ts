import { screen } from '@testing-library/react';

/** The row of a list table that holds `text`. */
export function rowOf(text: string): HTMLTableRowElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
}
