import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Key } from 'react';
import { TableMessageRow } from '../../../components/table-message-row';
import { type Column, cellText } from './scoreboard';

interface StatsTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  emptyText: string;
}

const phoneHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;
// Narrow cells on a phone, so words keep whole where they can.
const phonePadding = { px: { xs: 0.75, sm: 2 } } as const;

/** The numbers beside a chart: a small table that wraps rather than scrolls on a phone. */
export function StatsTable<Row>({ label, columns, rows, rowKey, emptyText }: StatsTableProps<Row>) {
  // Long names wrap anywhere rather than widen the table; headings wrap between words, except on a phone.
  const cellSx = (column: Column<Row>) => [
    { overflowWrap: 'anywhere' as const, ...phonePadding },
    column.hideOnPhone ? phoneHidden : {},
  ];
  const headSx = (column: Column<Row>) => [
    { overflowWrap: { xs: 'anywhere', sm: 'normal' }, ...phonePadding },
    column.hideOnPhone ? phoneHidden : {},
  ];
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.header} align={column.numeric ? 'right' : 'left'} sx={headSx(column)}>
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? (
          <TableMessageRow colSpan={columns.length}>{emptyText}</TableMessageRow>
        ) : (
          rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.numeric ? 'right' : 'left'} sx={cellSx(column)}>
                  {cellText(column, row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
