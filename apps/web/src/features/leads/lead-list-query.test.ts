import { PAGE_SIZE } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { isNarrowed, leadExportParams, leadListArgs, leadListParams, readLeadListQuery } from './lead-list-query';

const read = (query: string) => readLeadListQuery(new URLSearchParams(query));

describe('the lead list in the address', () => {
  it('reads the search, each filter and the sort', () => {
    expect(
      read(
        'q=acme&state=CA&submitted_by=7&assigned=ME&outcome=WON&min_rating=4&added=30&duplicates_only=true&sort=NAME',
      ),
    ).toEqual({
      search: 'acme',
      filters: {
        state: 'CA',
        submitted_by: 7,
        assigned: 'ME',
        outcome: 'WON',
        min_rating: 4,
        added: '30',
        duplicates_only: true,
      },
      sort: 'NAME',
    });
    expect(read('added_from=2026-01-01&added_to=2026-02-01').filters).toEqual({
      added_from: '2026-01-01',
      added_to: '2026-02-01',
    });
  });

  it('drops what the list does not know, and reads the plain list from nothing', () => {
    expect(
      read('state=XX&submitted_by=-1&assigned=SOME&outcome=DONE&min_rating=9&added=10&duplicates_only=1&sort=SIZE'),
    ).toEqual({ search: '', filters: {}, sort: 'ACTIVITY' });
    expect(read('added_from=2026-03-02&added_to=2026-03-01').filters).toEqual({ added_from: '2026-03-02' });
    expect(read(`q=${'x'.repeat(150)}`).search).toHaveLength(100);
    expect(isNarrowed(read(''))).toBe(false);
    expect(isNarrowed(read('q=%20%20'))).toBe(false);
    expect(isNarrowed(read('outcome=NONE'))).toBe(true);
  });

  it('writes back only what differs from the plain list, and reads back the same', () => {
    const query = read('q=%20acme%20&state=CA&outcome=WON&sort=NAME');
    expect(leadListParams(query).toString()).toBe('q=acme&state=CA&outcome=WON&sort=NAME');
    expect(read(leadListParams(query).toString())).toEqual({ ...query, search: 'acme' });
    expect(leadListParams(read('sort=ACTIVITY')).toString()).toBe('');
  });

  it('asks the list call for the same, and the plain list as before', () => {
    expect(leadListArgs(4, read(''), 0)).toEqual({ group_id: 4, start_position: 0, get_next: PAGE_SIZE });
    expect(leadListArgs(4, read('q=acme&state=CA&sort=RATING'), 2, 'abc')).toEqual({
      group_id: 4,
      start_position: 2 * PAGE_SIZE,
      get_next: PAGE_SIZE,
      search: 'acme',
      filters: { state: 'CA' },
      sort_by: 'RATING',
      cursor: 'abc',
    });
  });

  it('exports what the list shows', () => {
    expect(leadExportParams(4, read('q=acme&state=CA&duplicates_only=true&sort=NAME'))).toBe(
      'state=CA&duplicates_only=true&search=acme&group_id=4',
    );
  });
});
