import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from './page-spinner';

/**
 * A layout's child page, with a spinner in its place while the page's chunk loads: the layout (the shell,
 * a group's or an opportunity's tabs) stays on screen meanwhile.
 */
export function PageOutlet({ context }: { context?: unknown }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet context={context} />
    </Suspense>
  );
}
