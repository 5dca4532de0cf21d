import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';

const BADGE_MAX = 99;

/** A count as every badge shows it ("99+" past 99). */
export const countText = (count: number) => (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count));

/** The words a count adds to the name of what it sits on, as the badge shows it: "3 unread", "99+ unread". */
export const unreadText = (count: number) => `${countText(count)} unread`;

/**
 * A count in a red badge on an icon; with no count, the icon alone. (MUI's invisible badge keeps its "0" in
 * the page, which then stands in the visible text of a button named without it.)
 */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  if (count <= 0) return children;
  return (
    <Badge badgeContent={count} color="error" max={BADGE_MAX}>
      {children}
    </Badge>
  );
}
