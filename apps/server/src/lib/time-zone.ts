import { DEFAULT_TIME_ZONE, isTimeZone } from '@leadcircle/shared';
import { DAY_MS, MINUTE_MS } from './clock.js';

// Wall-clock times in an IANA time zone, right across daylight-saving changes.

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `at`, as if it were UTC (its date and time fields). */
function wallClock(at: number, zone: string): number {
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/** The instant the wall clock in `zone` shows the date and time of `wall` (fields read as UTC). */
function instantOf(wall: number, zone: string): number {
  // The offset at a first guess, then at the instant it gives (they differ only near a change).
  let at = wall - (wallClock(wall, zone) - wall);
  at = wall - (wallClock(at, zone) - at);
  return at;
}

/** The first moment after `after` when the clock in `zone` shows `hour`:00 (an unknown zone counts as UTC). */
export function nextLocalHour(after: Date, hour: number, zone: string): Date {
  const tz = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const today = wallClock(after.getTime(), tz);
  const day = today - (today % DAY_MS);
  for (const date of [day, day + DAY_MS, day + 2 * DAY_MS]) {
    const at = instantOf(date + hour * 60 * MINUTE_MS, tz);
    if (at > after.getTime()) return new Date(at);
  }
  return new Date(instantOf(day + 3 * DAY_MS + hour * 60 * MINUTE_MS, tz));
}
