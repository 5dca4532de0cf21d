import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';

/**
 * A count in a red badge on an icon; with no count, the icon alone. (MUI's invisible badge keeps its "0" in
 * the page, which then stands in the visible text of a button named without it.)
 */
const BADGE_MAX = 99;

/** The count as the badge shows it ("99+" past 99), for the name of the control it sits on. */
export const countText = (count: number) => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  if (count <= 0) return children;
  return (
    <Badge badgeContent={count} color="error" max={BADGE_MAX}>
      {children}
    </Badge>
  );
}
