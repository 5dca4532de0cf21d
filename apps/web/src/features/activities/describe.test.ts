import { describe, expect, it } from 'vitest';
import { relativeTime } from './describe';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says just now under a minute, then minutes, hours and days', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59), now)).toBe('just now');
    expect(relativeTime(ago(60), now)).toBe('1 min ago');
    expect(relativeTime(ago(3599), now)).toBe('59 min ago');
    expect(relativeTime(ago(3600), now)).toBe('1 h ago');
    expect(relativeTime(ago(86_399), now)).toBe('23 h ago');
    expect(relativeTime(ago(86_400), now)).toBe('1 d ago');
    expect(relativeTime(ago(7 * 86_400 - 1), now)).toBe('6 d ago');
  });

  it('gives the date from a week on', () => {
    const weekAgo = ago(7 * 86_400);
    expect(relativeTime(weekAgo, now)).toBe(new Date(weekAgo).toLocaleDateString());
  });

  it('says just now for a time a little ahead of the clock', () => {
    expect(relativeTime(ago(-30), now)).toBe('just now');
  });
});
