import { type ImportField, plainLead } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import {
  checkMapping,
  checkRow,
  checkWithSchema,
  leadInputOf,
  parseOneLineAddress,
  splitFullName,
} from './row-check.js';

describe('splitFullName', () => {
  it('takes the last word as the last name, or the part before a comma', () => {
    expect(splitFullName('Ana Lopez')).toEqual({ first: 'Ana', last: 'Lopez' });
    expect(splitFullName('  Ana  María   Lopez ')).toEqual({ first: 'Ana María', last: 'Lopez' });
    expect(splitFullName('Lopez, Ana')).toEqual({ first: 'Ana', last: 'Lopez' });
    expect(splitFullName('Cher')).toEqual({ first: 'Cher', last: '' });
  });
});

describe('parseOneLineAddress', () => {
  it('reads street, second line, city, state and ZIP', () => {
    expect(parseOneLineAddress('12 Main St, Suite 4, Springfield, IL 62704')).toEqual({
      street: '12 Main St',
      street2: 'Suite 4',
      city: 'Springfield',
      state: 'IL',
      zip: '62704',
    });
    expect(parseOneLineAddress('1 Oak St, Sacramento CA 95814-1234, USA')).toEqual({
      street: '1 Oak St',
      street2: '',
      city: 'Sacramento',
      state: 'CA',
      zip: '95814',
    });
    expect(parseOneLineAddress('350 Fifth Avenue, New York, New York 10118')).toMatchObject({
      street: '350 Fifth Avenue',
      city: 'New York',
      state: 'New York',
      zip: '10118',
    });
  });
});

// The quick path must give what the shared schema gives, lead and errors alike, for good and bad rows.
describe('checkRow', () => {
  const headers = ['First', 'Last', 'Full Name', 'Title', 'Company', 'Email', 'Phone', 'LinkedIn', 'Street'];
  headers.push('Street 2', 'City', 'State', 'ZIP', 'Address', 'Notes');
  const fields: ImportField[] = ['FIRST_NAME', 'LAST_NAME', 'FULL_NAME', 'TITLE', 'COMPANY', 'EMAIL', 'PHONE'];
  fields.push('LINKEDIN', 'STREET', 'STREET2', 'CITY', 'STATE', 'ZIP', 'ADDRESS', 'NOTES');
  const mapping = checkMapping(
    fields.map((field, index) => ({ index, field })),
    headers.length,
  );
  const good = ['Ana', 'López', '', 'Buyer', 'Acme, Inc.', 'ana@example.com', '(212) 555-0100', '', '1 Elm St'];
  good.push('', 'Springfield', 'IL', '62704', '', '');
  const long = (n: number) => 'x'.repeat(n);
  // Values for each column that the rules take, refuse, or take only after a change.
  const variants: Record<number, string[]> = {
    0: ['', ' ', long(50), long(51), 'A\u0007na', 'A\tna', 'Zoë 😀', '=cmd', '\ud800x'],
    1: ['', long(50), long(51), "O'Brien", 'Mü\nller'],
    2: ['Ana Lopez', 'Lopez, Ana', 'Cher'],
    3: ['', long(51), 'VP\u0085Sales'],
    4: ['', long(50), long(51)],
    5: ['', 'ana', 'ana@', 'a b@example.com', `${long(290)}@ex.com`, `${long(300)}@example.com`, 'ANA@EXAMPLE.COM'],
    6: ['', '212-555-0100', '+1 212 555 0100', '2125550100', '555-0100', '(212)555-0100x', '12125550100'],
    7: ['linkedin.com/in/ana', 'https://www.linkedin.com/in/ana', 'javascript:alert(1)', `linkedin.com/in/${long(40)}`],
    8: ['', long(100), long(101), 'Elm\u0000St'],
    9: ['Suite 4', long(101), 'Apt\n2'],
    10: ['', long(60), long(61)],
    11: ['', 'California', 'new york', 'ca', 'XX', 'C A'],
    12: ['', '90210', '958', '95814-1234', 'ABCDE', '123456', '00000'],
    13: ['12 Main St, Suite 4, Springfield, IL 62704', '1 Oak St, Sacramento CA 95814', 'nowhere'],
    14: ['Met at the fair,\nwants a call', long(1000), long(1001), 'bell\u0007'],
  };
  const rows: string[][] = [good];
  for (const [column, values] of Object.entries(variants)) {
    for (const value of values) rows.push(good.map((v, i) => (i === Number(column) ? value : v)));
  }
  // Rows without any contact, with only a ZIP, without an address, with every contact kind at once.
  rows.push(good.map((v, i) => (i === 5 || i === 6 ? '' : v)));
  rows.push(good.map((v, i) => (i >= 8 && i <= 11 ? '' : i === 12 ? '90210' : v)));
  rows.push(good.map((v, i) => (i >= 8 && i <= 12 ? '' : v)));
  rows.push(good.map((v, i) => (i === 7 ? 'linkedin.com/in/ana' : v)));
  rows.push(good.map((v, i) => (i === 0 || i === 1 ? '' : v)));

  it('gives for every row what the lead schema gives', async () => {
    let quick = 0;
    for (const cells of rows) {
      const input = await leadInputOf(cells, mapping);
      const expected = checkWithSchema(input, mapping, headers);
      expect(await checkRow(cells, mapping, headers), JSON.stringify(cells)).toEqual(expected);
      if (plainLead(input)) quick++;
    }
    // The quick path did take the plain rows (else this proves nothing about it).
    expect(quick).toBeGreaterThan(rows.length / 3);
    expect(rows.length).toBeGreaterThan(70);
  });
});
