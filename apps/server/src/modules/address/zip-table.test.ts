import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { compactZipTable, loadZipTable } from './zip-table.js';

describe('the compact ZIP table', () => {
  it('knows every US code of the zipcodes package, with its city, state and coordinates', async () => {
    const table = await loadZipTable();
    const us = Object.values(zipcodes.codes).filter((c) => c.country === 'US');
    expect(table.size).toBe(us.length);
    for (const c of us) {
      expect(table.lookup(c.zip)).toEqual({
        zip: c.zip,
        city: c.city,
        state: c.state,
        latitude: c.latitude,
        longitude: c.longitude,
      });
    }
  });

  it('knows no Canadian code and nothing that is not five digits', async () => {
    const table = await loadZipTable();
    for (const zip of ['K1A', 'K1A 0B1', '9021', '902100', '', '00000', ' 90210']) {
      expect(table.lookup(zip)).toBeUndefined();
    }
  });

  it('reads escaped city names and refuses a data file it cannot read', () => {
    const source =
      'exports.codes = {"01234":{"zip":"01234","latitude":1.5,"longitude":-2,"city":"Caf\\u00e9 \\"X\\"","state":"MA","country":"US"}};';
    expect(compactZipTable(source).lookup('01234')).toEqual({
      zip: '01234',
      city: 'Café "X"',
      state: 'MA',
      latitude: 1.5,
      longitude: -2,
    });
    expect(() => compactZipTable('exports.codes = {};')).toThrow(/no US code/);
  });
});
