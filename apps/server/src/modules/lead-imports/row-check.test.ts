import { describe, expect, it } from 'vitest';
import { parseOneLineAddress, splitFullName } from './row-check.js';

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
