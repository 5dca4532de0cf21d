// CSV cells (RFC 4180) that a spreadsheet cannot run: a cell starting with = + - @, a tab or a
// carriage return would be read as a formula, so it gets a leading apostrophe (OWASP CSV injection).

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended with CRLF as RFC 4180 writes it. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The CSV export's file name (server and browser alike): the group's name as lower-case ASCII words joined by hyphens. */
export function leadExportFileName(groupName: string): string {
  const slug = groupName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'group'}-leads.csv`;
}
