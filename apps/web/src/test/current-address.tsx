import { useLocation } from 'react-router';

// Where the app is: rendered beside a screen on a catch-all route ('*'), it shows the address the screen
// navigated to (path and query), so a test can read it by its label.
export function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current address">{pathname + search}</output>;
}
