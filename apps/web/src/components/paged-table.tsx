import { GRID_ROW_HEIGHT, PAGE_SIZE } from '@leadcircle/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { type SxProps, type Theme, useTheme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type Key,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { FitTable, focusOutline } from './fit-table';
import { TableLoadingRow, TableMessageRow } from './table-message-row';
import { TablePager } from './table-pager';
import { visuallyHidden } from './visually-hidden';

export interface PagedTableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Styles of the column's body cells (an ellipsis, a width). */
  sx?: SxProps<Theme>;
  /** Left out on a phone's width (below 600 px), where the row still opens the whole record. */
  hideOnPhone?: boolean;
}

export interface PagedTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly PagedTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The row's buttons, in a last column without a visible header; using them never opens the row. */
  actions?: (row: Row) => ReactNode;
  actionsWidth?: number;
  /** Makes rows open on click, Enter or Space. */
  onOpenRow?: (row: Row) => void;
  isLoading: boolean;
  /** Shown in place of the rows when the list failed to load. */
  errorText?: string;
  /** Shown in place of the rows when there are none. */
  emptyText?: ReactNode;
  /** Server paging: PAGE_SIZE rows a page; the pager shows only when there is more than one page. */
  totalCount: number;
  /** totalCount is a cap and more rows follow ('of 1,000+'). */
  isCountCapped?: boolean;
  page: number;
  onPageChange: (page: number) => void;
  /** 'fixed' lets columns cut long text with an ellipsis. */
  layout?: 'auto' | 'fixed';
  /** Extra styles of a row (a muted row). */
  rowSx?: (row: Row) => SxProps<Theme> | undefined;
}

/** Rows a table first fills with per task: about a phone's screenful. */
export const ROW_STEP = 5;

/**
 * How many rows to render: while a table first fills, ROW_STEP, then ROW_STEP more each task; once it
 * has filled, all of them. Rendering a page of 50 rows is one commit (DOM, styles, layout), a task of
 * 200 ms on a phone; a screenful at a time it is five short ones, and the first screenful shows sooner.
 */
function useRowLimit(rowCount: number): number {
  const [limit, setLimit] = useState(ROW_STEP);
  const isFilled = limit === Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (isFilled || rowCount === 0) return;
    if (limit >= rowCount) {
      setLimit(Number.POSITIVE_INFINITY);
      return;
    }
    // A task of its own, so the browser paints and answers input in between; a transition, so React
    // renders the new rows in slices too (only their commit is one task).
    const timer = setTimeout(() => startTransition(() => setLimit((shown) => shown + ROW_STEP)), 0);
    return () => clearTimeout(timer);
  }, [isFilled, limit, rowCount]);
  return limit;
}

/** A list screen's table (50 rows a page from the server, rows of 70). */
export function PagedTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  actionsWidth,
  onOpenRow,
  isLoading,
  errorText,
  emptyText,
  totalCount,
  isCountCapped = false,
  page,
  onPageChange,
  layout = 'auto',
  rowSx: extraRowSx,
}: PagedTableProps<Row>) {
  // On a phone the columns left out are not rendered at all (50 rows of cells hidden by CSS were a good part
  // of the list's first render there), and a message row spans the columns shown: spanning the hidden ones
  // too made a fixed-layout table squeeze its header while loading, then move the page when the rows came.
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const shownColumns = useMemo(
    () => (isPhone ? columns.filter((column) => !column.hideOnPhone) : columns),
    [columns, isPhone],
  );
  const colSpan = shownColumns.length + (actions ? 1 : 0);

  // A page emptied by a delete (its only row gone) moves to the last page that still holds rows.
  useEffect(() => {
    // Past a capped count, the rows themselves say whether the page holds any.
    const isPast = isCountCapped ? rows.length === 0 : page * PAGE_SIZE >= totalCount;
    if (!isLoading && page > 0 && isPast) {
      onPageChange(Math.max(0, Math.ceil(totalCount / PAGE_SIZE) - 1));
    }
  }, [isLoading, page, totalCount, isCountCapped, rows.length, onPageChange]);

  // New rows render in the background, in slices between frames, so the page around them shows first
  // (rows there when the table mounts render with it); a table fills a screenful at a time (useRowLimit).
  // Until the first rows have rendered, the loading row stands in.
  const deferredRows = useDeferredValue(rows);
  const isRenderingFirstRows = deferredRows.length === 0 && rows.length > 0;
  const rowLimit = useRowLimit(deferredRows.length);
  const isFillingRows = isRenderingFirstRows || rowLimit < deferredRows.length;

  // The same row elements from one step of filling to the next: React then leaves the rows already shown
  // alone and renders only the new ones.
  const rowElements = useMemo(
    () =>
      deferredRows.map((row) => {
        const open = onOpenRow && (() => onOpenRow(row));
        const openByKey = (event: KeyboardEvent<HTMLTableRowElement>) => {
          // Keys pressed on the row's own buttons are theirs.
          if (!open || event.target !== event.currentTarget) return;
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            open();
          }
        };
        return (
          <TableRow
            key={rowKey(row)}
            hover={open !== undefined}
            tabIndex={open ? 0 : undefined}
            onClick={open}
            onKeyDown={open ? openByKey : undefined}
            sx={[open ? openableRowSx : rowSx, extraRowSx?.(row) ?? {}] as SxProps<Theme>}
          >
            {shownColumns.map((column) => (
              <TableCell key={column.header} sx={column.sx}>
                {column.cell(row)}
              </TableCell>
            ))}
            {actions && (
              <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }} onClick={stopPropagation}>
                {actions(row)}
              </TableCell>
            )}
          </TableRow>
        );
      }),
    [deferredRows, shownColumns, actions, onOpenRow, rowKey, extraRowSx],
  );

  let body: ReactNode;
  if (isLoading || isRenderingFirstRows) {
    body = <TableLoadingRow colSpan={colSpan} />;
  } else if (errorText !== undefined) {
    body = <TableMessageRow colSpan={colSpan}>{errorText}</TableMessageRow>;
  } else if (deferredRows.length === 0 && emptyText !== undefined) {
    body = <TableMessageRow colSpan={colSpan}>{emptyText}</TableMessageRow>;
  } else {
    body = rowLimit < rowElements.length ? rowElements.slice(0, rowLimit) : rowElements;
  }

  return (
    <Paper>
      <FitTable label={label} layout={layout}>
        <TableHead>
          <TableRow>
            {shownColumns.map((column) => (
              <TableCell key={column.header}>{column.header}</TableCell>
            ))}
            {actions && (
              <TableCell sx={actionsWidth === undefined ? undefined : { width: actionsWidth }}>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>{body}</TableBody>
      </FitTable>
      {/* After the rows: shown under the loading row or the first rows, the pager would move as they came. */}
      {totalCount > PAGE_SIZE && !isFillingRows && (
        <TablePager
          count={totalCount}
          isCountCapped={isCountCapped && rows.length === PAGE_SIZE}
          page={page}
          rowsPerPage={PAGE_SIZE}
          onPageChange={onPageChange}
        />
      )}
    </Paper>
  );
}

// The action buttons sit inside a row that opens on click.
const stopPropagation = (event: SyntheticEvent) => event.stopPropagation();

const rowSx = { height: GRID_ROW_HEIGHT } as const;

const openableRowSx: SxProps<Theme> = {
  ...rowSx,
  cursor: 'pointer',
  '&:focus-visible': focusOutline,
};
