import { groupThousands } from '@leadcircle/shared';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface TablePagerProps {
  /** Rows in all the pages. */
  count: number;
  /** count is a cap and more rows follow: '1–50 of 1,000+', and the next page stays open. */
  isCountCapped?: boolean;
  /** The page shown, from 0. */
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
}

/**
 * A table's pager, as MUI's TablePagination shows one with a single page size: '1–50 of 120' and the
 * previous and next page buttons, with its labels. TablePagination made an Intl formatter when its module
 * loaded, about 120 ms of a phone's first page.
 */
export function TablePager({ count, isCountCapped = false, page, rowsPerPage, onPageChange }: TablePagerProps) {
  const from = count === 0 ? 0 : page * rowsPerPage + 1;
  const to = isCountCapped ? (page + 1) * rowsPerPage : Math.min(count, (page + 1) * rowsPerPage);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 2, minHeight: 52, px: 1 }}>
      <Typography variant="body2">{`${groupThousands(from)}–${groupThousands(to)} of ${groupThousands(count)}${isCountCapped ? '+' : ''}`}</Typography>
      <Stack direction="row">
        <IconButton
          aria-label="Go to previous page"
          title="Go to previous page"
          disabled={page === 0}
          onClick={() => onPageChange(page - 1)}
        >
          <KeyboardArrowLeft />
        </IconButton>
        <IconButton
          aria-label="Go to next page"
          title="Go to next page"
          disabled={!isCountCapped && to >= count}
          onClick={() => onPageChange(page + 1)}
        >
          <KeyboardArrowRight />
        </IconButton>
      </Stack>
    </Stack>
  );
}
