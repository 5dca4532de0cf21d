// Time zones (IANA names, as a browser reports them): the daily digest goes out at 07:00 in a person's.
// Zod-free: the web app reads the browser's zone and lists the choices without loading a schema.

/** A new account's zone until the browser's is known; stored, it means the person never chose one. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** UTC chosen on purpose: its IANA name, so it is not taken for the default. */
export const CHOSEN_UTC_TIME_ZONE = 'Etc/UTC';
export const TIME_ZONE_MAX_LENGTH = 64;
export const TIME_ZONE_INVALID = 'time_zone must be a time zone such as America/Los_Angeles';

// A region name ("America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+5"), not an offset such as "+05:30".
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** True for a time zone name the Intl API knows. */
export function isTimeZone(name: string): boolean {
  if (name.length > TIME_ZONE_MAX_LENGTH || !ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The browser's zone, or undefined where it reports none the server would take. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
