import { describe, expect, it } from 'vitest';
import { nextDigestAt } from '../../src/modules/notifications/mail.service.js';

// The daily digest goes at 07:00 in the person's time zone: the next such moment after a given one.
const next = (after: string, zone: string) => nextDigestAt(new Date(after), zone).toISOString();

describe('nextDigestAt', () => {
  it('UTC: 07:00 the same day before it, the next day from 07:00 on', () => {
    expect(next('2026-01-15T06:59:00Z', 'UTC')).toBe('2026-01-15T07:00:00.000Z');
    expect(next('2026-01-15T07:00:00Z', 'UTC')).toBe('2026-01-16T07:00:00.000Z');
    expect(next('2026-01-15T23:00:00Z', 'Etc/UTC')).toBe('2026-01-16T07:00:00.000Z');
  });

  it('America/Los_Angeles: 15:00 UTC in winter (PST), 14:00 UTC in summer (PDT)', () => {
    // Noon in California.
    expect(next('2026-01-15T20:00:00Z', 'America/Los_Angeles')).toBe('2026-01-16T15:00:00.000Z');
    expect(next('2026-07-15T19:00:00Z', 'America/Los_Angeles')).toBe('2026-07-16T14:00:00.000Z');
    // 23:00 the evening before in California is not the digest's time: 07:00 UTC has passed there unnoticed.
    expect(next('2026-01-15T06:30:00Z', 'America/Los_Angeles')).toBe('2026-01-15T15:00:00.000Z');
  });

  it('America/Los_Angeles on the days the clocks change', () => {
    // 8 March 2026, 02:00 PST becomes 03:00 PDT: 07:00 that morning is 14:00 UTC.
    expect(next('2026-03-07T20:00:00Z', 'America/Los_Angeles')).toBe('2026-03-08T14:00:00.000Z');
    expect(next('2026-03-08T09:30:00Z', 'America/Los_Angeles')).toBe('2026-03-08T14:00:00.000Z');
    expect(next('2026-03-08T14:00:00Z', 'America/Los_Angeles')).toBe('2026-03-09T14:00:00.000Z');
    // 1 November 2026, 02:00 PDT becomes 01:00 PST: 07:00 that morning is 15:00 UTC.
    expect(next('2026-10-31T20:00:00Z', 'America/Los_Angeles')).toBe('2026-11-01T15:00:00.000Z');
    expect(next('2026-11-01T08:30:00Z', 'America/Los_Angeles')).toBe('2026-11-01T15:00:00.000Z');
  });

  it('Asia/Kolkata (+5:30): 01:30 UTC', () => {
    expect(next('2026-01-15T00:00:00Z', 'Asia/Kolkata')).toBe('2026-01-15T01:30:00.000Z');
    expect(next('2026-01-15T01:30:00Z', 'Asia/Kolkata')).toBe('2026-01-16T01:30:00.000Z');
    expect(next('2026-07-15T12:00:00Z', 'Asia/Calcutta')).toBe('2026-07-16T01:30:00.000Z');
  });

  it('Pacific/Auckland: 18:00 UTC the day before in its summer (+13), 19:00 UTC in its winter (+12)', () => {
    expect(next('2026-01-15T00:00:00Z', 'Pacific/Auckland')).toBe('2026-01-15T18:00:00.000Z');
    expect(next('2026-07-15T00:00:00Z', 'Pacific/Auckland')).toBe('2026-07-15T19:00:00.000Z');
    // 5 April 2026, 03:00 NZDT becomes 02:00 NZST: 07:00 that morning is 19:00 UTC on the 4th.
    expect(next('2026-04-04T12:00:00Z', 'Pacific/Auckland')).toBe('2026-04-04T19:00:00.000Z');
  });
});
