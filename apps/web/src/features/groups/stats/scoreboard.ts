import { csvRow, formatCents, leadExportFileName } from '@leadcircle/shared';

// The group scoreboard as the Stats tab shows it: one row a member, the months' submissions,
// and the tables' numbers as text (on screen) or as plain values (in the CSV file).

export interface MemberScore {
  userId: number;
  name: string;
  /** Leads the member submitted to the group. */
  given: number;
  /** Leads assigned to the member. */
  received: number;
  /** Leads they gave that are won, and the business closed from them, in cents. */
  won: number;
  wonCents: number;
  /** won / given, 0–1; null while they gave none. */
  conversion: number | null;
  /** Leads submitted per month ('YYYY-MM' → count). */
  perMonth: Readonly<Record<string, number>>;
}

export interface Column<Row> {
  header: string;
  /** The value as the CSV file holds it (numbers unformatted, for a spreadsheet to sum). */
  value: (row: Row) => string | number | null;
  /** The value as the table shows it; the CSV value when absent. */
  text?: (row: Row) => string;
  numeric?: boolean;
  /** Left out of the table on a phone's width (the CSV file keeps it). */
  hideOnPhone?: boolean;
}

/** Cents as the CSV file holds dollars: 1200050 → '12000.50' (as the leads export writes them). */
export function centsToDollarsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** 0.3333 → '33%'; '—' when there is nothing to divide. */
export function formatConversion(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)}%`;
}

/** 'YYYY-MM' → 'Nov 2026' (the calendar month, whatever the reader's time zone). */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The months of the members' rows, oldest first. */
export function monthsOf(scores: readonly MemberScore[]): string[] {
  return [...new Set(scores.flatMap((score) => Object.keys(score.perMonth)))].sort();
}

/** The members table: totals, then one column a month (the CSV file's; the screen shows the totals). */
export function memberColumns(months: readonly string[]): Column<MemberScore>[] {
  return [
    { header: 'Member', value: (m) => m.name },
    { header: 'Leads given', value: (m) => m.given, numeric: true },
    { header: 'Leads received', value: (m) => m.received, numeric: true, hideOnPhone: true },
    { header: 'Won', value: (m) => m.won, numeric: true },
    {
      header: 'Closed business ($)',
      value: (m) => centsToDollarsText(m.wonCents),
      text: (m) => formatCents(m.wonCents),
      numeric: true,
    },
    {
      header: 'Conversion (%)',
      value: (m) => (m.conversion === null ? null : Math.round(m.conversion * 1000) / 10),
      text: (m) => formatConversion(m.conversion),
      numeric: true,
    },
    ...months.map(
      (month): Column<MemberScore> => ({
        header: monthLabel(month),
        value: (m) => m.perMonth[month] ?? 0,
        numeric: true,
      }),
    ),
  ];
}

/** A cell as the table shows it. */
export function cellText<Row>(column: Column<Row>, row: Row): string {
  if (column.text) return column.text(row);
  const value = column.value(row);
  return value === null ? '—' : String(value);
}

/**
 * The table as a CSV file: a byte order mark (Excel reads UTF-8 names right then), the headers,
 * one line a row, CRLF, formula-looking cells defused (as the leads export writes them).
 */
export function tableCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))];
  return `\uFEFF${lines.map(csvRow).join('')}`;
}

/** The scoreboard file's name: the group's name as the leads export writes it, then '-stats.csv'. */
export function statsFileName(groupName: string): string {
  return leadExportFileName(groupName).replace(/-leads\.csv$/, '-stats.csv');
}
