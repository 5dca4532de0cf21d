import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';

/**
 * A count in a red badge on an icon; with no count, the icon alone. (MUI's invisible badge keeps its "0" in
 * the page, which then stands in the visible text of a button named without it.)
 */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  if (count <= 0) return children;
  return (
    <Badge badgeContent={count} color="error" max={99}>
      {children}
    </Badge>
  );
}
