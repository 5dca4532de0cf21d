import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { renderInApp } from './render-in-app';

// Where the app is: rendered beside a screen on a catch-all route ('*'), it shows the address the screen
// navigated to (path and query), so a test can read it by its label.
export function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current address">{pathname + search}</output>;
}

/** Renders a screen opened at `initialEntry` that stays on screen wherever it navigates, with the address beside it. */
export const renderWithAddress = (element: ReactElement, initialEntry: string) =>
  renderInApp(
    <>
      {element}
      <CurrentAddress />
    </>,
    { path: '*', initialEntry },
  );

/** The address shown by CurrentAddress. */
export const currentAddress = () => screen.getByRole('status', { name: 'Current address' });
