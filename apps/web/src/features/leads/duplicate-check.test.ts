import { describe, expect, it } from 'vitest';
import { duplicateCheck, sameCheck } from './duplicate-check';

describe('the lead dialog duplicate check', () => {
  it('asks nothing while no field could match', () => {
    expect(duplicateCheck(4, undefined, {})).toBeNull();
    expect(duplicateCheck(4, undefined, { first_name: 'Avery', last_name: 'Buyer' })).toBeNull();
    expect(duplicateCheck(4, undefined, { phone: '555-01' })).toBeNull();
    expect(duplicateCheck(4, undefined, { email: '   ' })).toBeNull();
  });

  it('asks with whichever field is filled first, in any order, trimmed', () => {
    expect(duplicateCheck(4, undefined, { email: ' Avery@Acme.example ' })).toEqual({
      group_id: 4,
      email: 'Avery@Acme.example',
    });
    expect(duplicateCheck(4, undefined, { company: 'Acme', last_name: 'Buyer', first_name: 'Avery' })).toEqual({
      group_id: 4,
      first_name: 'Avery',
      last_name: 'Buyer',
      company: 'Acme',
    });
    expect(duplicateCheck(4, 31, { phone: '(212) 555-0147', linkedin: 'linkedin.com/in/avery' })).toEqual({
      group_id: 4,
      lead_id: 31,
      phone: '(212) 555-0147',
      linkedin: 'linkedin.com/in/avery',
    });
  });

  it('leaves out a field longer than a stored lead can hold', () => {
    expect(duplicateCheck(4, undefined, { email: 'a@b.example', company: 'x'.repeat(51) })).toEqual({
      group_id: 4,
      email: 'a@b.example',
    });
  });

  it('is the same check whatever order the fields were typed in', () => {
    const a = duplicateCheck(4, undefined, { email: 'a@b.example', first_name: 'A' });
    const b = duplicateCheck(4, undefined, { first_name: 'A', email: 'a@b.example' });
    expect(sameCheck(a, b)).toBe(true);
    expect(sameCheck(a, duplicateCheck(4, undefined, { email: 'a@c.example' }))).toBe(false);
    expect(sameCheck(null, null)).toBe(true);
  });
});
