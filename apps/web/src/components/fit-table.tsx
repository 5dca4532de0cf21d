import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import { Fragment, type ReactNode } from 'react';
import { useScrollsSideways } from './use-scrolls-sideways';

export interface FitTableProps {
  /** The table's accessible name. */
  label: string;
  size?: 'small' | 'medium';
  /** 'fixed' lets columns cut long text with an ellipsis. */
  layout?: 'auto' | 'fixed';
  /** Its TableHead and TableBody. */
  children: ReactNode;
}

// A scrolling frame shows a shadow at its right edge while columns lie beyond it: the cover moves with the
// content ('local') and hides the shadow once the last column is in view.
function frameSx(theme: Theme) {
  const paper = theme.palette.background.paper;
  return {
    background: [
      `linear-gradient(to left, ${paper} 50%, ${alpha(paper, 0)}) right center / 32px 100% no-repeat local`,
      `radial-gradient(farthest-side at 100% 50%, ${alpha(theme.palette.common.black, 0.2)}, transparent) right center / 12px 100% no-repeat scroll`,
    ].join(', '),
  } as const;
}

// Words and amounts are never broken: a cell wraps between words only, a column is as wide as its longest
// word, and a table wider than its frame scrolls sideways with its first column kept in view.
function tableSx(theme: Theme) {
  const hover = theme.palette.action.hover;
  return {
    // Positioned, so a visually hidden header ('Actions') stays in its cell rather than widen the scrolling frame.
    '& th, & td': { overflowWrap: 'normal', wordBreak: 'normal', position: 'relative' },
    '& tr > :first-of-type': { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' },
    '& tr.MuiTableRow-hover:hover > :first-of-type': { backgroundImage: `linear-gradient(${hover}, ${hover})` },
    // Narrow cells on a phone, so more columns fit.
    [theme.breakpoints.down('sm')]: { '& :is(th, td):not(.MuiTableCell-paddingCheckbox)': { px: 1 } },
  } as const;
}

/** The focus ring of an element that is not an MUI button (a table's frame, an openable row). */
export const focusOutline = { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' } as const;

/**
 * A table that fits any screen: see tableSx. Every table of the app is one. While it scrolls sideways its frame
 * is a named region that takes the focus, so a keyboard can scroll it.
 */
export function FitTable({ label, size, layout = 'auto', children }: FitTableProps) {
  const [frameRef, scrollsSideways] = useScrollsSideways<HTMLDivElement>();
  return (
    <TableContainer
      ref={frameRef}
      sx={[frameSx, { '&:focus-visible': focusOutline }]}
      {...(scrollsSideways && { tabIndex: 0, role: 'region', 'aria-label': label })}
    >
      <Table aria-label={label} size={size} sx={[tableSx, { tableLayout: layout }]}>
        {children}
      </Table>
    </TableContainer>
  );
}

/**
 * A cell's text that wraps only at its spaces: a date or a code ('12-27-2026', 'LC-000003') never at its hyphens,
 * where a browser would break it.
 */
export function WholeWords({ text }: { text: string }) {
  return text.split(' ').map((word, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed text
    <Fragment key={index}>
      {index > 0 && ' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {word}
      </Box>
    </Fragment>
  ));
}
