import { describe, expect, it } from 'vitest';
import { LEAD_CSV_HEADERS } from '../constants.js';
import { headerKey, matchImportColumns, matchImportField } from './import-columns.js';

describe('matchImportField', () => {
  it('ignores case, spaces and punctuation', () => {
    expect(headerKey(' E-Mail Address ')).toBe('emailaddress');
    expect(matchImportField('FIRST_NAME')).toBe('FIRST_NAME');
    expect(matchImportField('first name')).toBe('FIRST_NAME');
    expect(matchImportField('Zip-Code')).toBe('ZIP');
  });

  it('knows the common synonyms', () => {
    const cases: [string, string][] = [
      ['e-mail', 'EMAIL'],
      ['Mail', 'EMAIL'],
      ['Mobile', 'PHONE'],
      ['Tel.', 'PHONE'],
      ['Telephone', 'PHONE'],
      ['Job Title', 'TITLE'],
      ['Position', 'TITLE'],
      ['Organisation', 'COMPANY'],
      ['Organization', 'COMPANY'],
      ['Account', 'COMPANY'],
      ['Company Name', 'COMPANY'],
      ['Postal Code', 'ZIP'],
      ['Postcode', 'ZIP'],
      ['ST', 'STATE'],
      ['Province', 'STATE'],
      ['State/Region', 'STATE'],
      ['Given Name', 'FIRST_NAME'],
      ['Family Name', 'LAST_NAME'],
      ['Surname', 'LAST_NAME'],
      ['Full Name', 'FULL_NAME'],
      ['Name', 'FULL_NAME'],
      ['LinkedIn URL', 'LINKEDIN'],
      ['LinkedIn Profile', 'LINKEDIN'],
      ['Street Address', 'STREET'],
      ['Address Line 1', 'STREET'],
      ['Address Line 2', 'STREET2'],
      ['Address', 'ADDRESS'],
      ['Description', 'NOTES'],
      ['Comments', 'NOTES'],
    ];
    for (const [header, field] of cases) expect([header, matchImportField(header)]).toEqual([header, field]);
    expect(matchImportField('Favourite colour')).toBeNull();
  });

  it("maps our own export's headers with no change", () => {
    expect(matchImportColumns(LEAD_CSV_HEADERS)).toEqual([
      null,
      'FIRST_NAME',
      'LAST_NAME',
      'EMAIL',
      'PHONE',
      'COMPANY',
      'TITLE',
    ]);
  });

  it('gives a field to its first column only', () => {
    expect(matchImportColumns(['Email', 'E-mail', 'Phone'])).toEqual(['EMAIL', null, 'PHONE']);
  });
});
