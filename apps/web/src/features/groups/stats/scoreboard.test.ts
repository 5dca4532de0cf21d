import { describe, expect, it } from 'vitest';
import {
  centsToDollarsText,
  formatConversion,
  type MemberScore,
  memberColumns,
  monthLabel,
  monthsOf,
  statsFileName,
  tableCsv,
} from './scoreboard';

const olive: MemberScore = {
  userId: 1,
  name: 'Olive Rivera',
  given: 3,
  received: 1,
  won: 1,
  wonCents: 1_200_000,
  conversion: 1 / 3,
  perMonth: { '2026-10': 1, '2026-11': 2 },
};
const milo: MemberScore = {
  userId: 2,
  name: '=Milo, "the closer"',
  given: 0,
  received: 2,
  won: 0,
  wonCents: 0,
  conversion: null,
  perMonth: { '2026-10': 0, '2026-11': 0 },
};

describe('scoreboard numbers', () => {
  it('writes dollars with cents, conversion as a percentage, a month by name', () => {
    expect(centsToDollarsText(1_200_050)).toBe('12000.50');
    expect(centsToDollarsText(0)).toBe('0.00');
    expect(formatConversion(1 / 3)).toBe('33%');
    expect(formatConversion(0)).toBe('0%');
    expect(formatConversion(null)).toBe('—');
    expect(monthLabel('2026-01')).toBe('Jan 2026');
    expect(monthLabel('2026-12')).toBe('Dec 2026');
  });

  it('lists the months of the rows, oldest first', () => {
    expect(monthsOf([milo, olive, { ...milo, perMonth: { '2025-12': 4 } }])).toEqual(['2025-12', '2026-10', '2026-11']);
  });
});

describe('the scoreboard CSV', () => {
  it('writes the headers, one line a member with plain numbers, a month a column, CRLF', () => {
    const csv = tableCsv(memberColumns(monthsOf([olive, milo])), [olive, milo]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Member,Leads given,Leads received,Won,Closed business ($),Conversion (%),Oct 2026,Nov 2026',
      'Olive Rivera,3,1,1,12000.00,33.3,1,2',
      // A cell a spreadsheet would run as a formula is defused; quotes and commas are quoted; no conversion is empty.
      '"\'=Milo, ""the closer""",0,2,0,0.00,,0,0',
      '',
    ]);
  });

  it('is named after the group as the leads export is', () => {
    expect(statsFileName('North Shore Closers')).toBe('north-shore-closers-stats.csv');
    expect(statsFileName('!!!')).toBe('group-stats.csv');
  });
});
