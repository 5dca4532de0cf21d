import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, leadExportFileName } from './csv.js';

describe('csvCell (RFC 4180 quoting)', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Northwind Traders')).toBe('Northwind Traders');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
  });

  it('writes null and undefined as an empty cell', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('quotes leading or trailing spaces so they survive', () => {
    expect(csvCell(' padded ')).toBe('" padded "');
  });
});

describe('csvCell against formula injection (cells starting with = + - @ tab CR)', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 (212) 555-0147', "'+1 (212) 555-0147"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    // After the apostrophe the tab is inside the cell: nothing to quote.
    ['\t=1', "'\t=1"],
    ['\r=1', '"\'\r=1"'],
    ['=HYPERLINK("http://evil.example","Click")', '"\'=HYPERLINK(""http://evil.example"",""Click"")"'],
  ])('%j → %j', (input, cell) => {
    expect(csvCell(input)).toBe(cell);
  });

  it('leaves a formula character inside the text alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('info@example.com')).toBe('info@example.com');
  });
});

describe('csvRow', () => {
  it('joins cells with commas and ends the line with CRLF', () => {
    expect(csvRow(['Id', 'First Name', 'Last Name'])).toBe('Id,First Name,Last Name\r\n');
    expect(csvRow([7, 'Jean, "JJ"', null, '=1'])).toBe('7,"Jean, ""JJ""",,\'=1\r\n');
  });
});

describe('leadExportFileName', () => {
  it('names the file after the group in lower-case ASCII words', () => {
    expect(leadExportFileName("Café Olive's Group!")).toBe('cafe-olive-s-group-leads.csv');
    expect(leadExportFileName('  West / Coast  ')).toBe('west-coast-leads.csv');
  });

  it("falls back to 'group' when no letter or digit is left", () => {
    expect(leadExportFileName('***')).toBe('group-leads.csv');
  });
});
