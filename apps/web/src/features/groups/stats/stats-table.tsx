import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Key } from 'react';
import { FitTable } from '../../../components/fit-table';
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

/** The numbers beside a chart: a small table (FitTable keeps its words whole). */
export function StatsTable<Row>({ label, columns, rows, rowKey, emptyText }: StatsTableProps<Row>) {
  const cellSx = (column: Column<Row>) => (column.hideOnPhone ? phoneHidden : undefined);
  return (
    <FitTable size="small" label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.header} align={column.numeric ? 'right' : 'left'} sx={cellSx(column)}>
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
    </FitTable>
  );
}
