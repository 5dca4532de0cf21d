import { GRID_ROW_HEIGHT } from '@leadcircle/shared';
import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** One full-width row of a list table that says something instead of showing rows (empty, failed). */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow sx={{ height: GRID_ROW_HEIGHT }}>
      <TableCell colSpan={colSpan} align="center">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** The row a list table shows while its first page loads. */
export function TableLoadingRow({ colSpan }: { colSpan: number }) {
  return (
    <TableMessageRow colSpan={colSpan}>
      <CircularProgress size={28} aria-label="Loading" />
    </TableMessageRow>
  );
}
