import { describe, expect, it } from 'vitest';
import { testUser } from '../test/render-in-app';
import { timeZoneToAdopt } from './current-user-api';

describe('timeZoneToAdopt', () => {
  it("offers the browser's zone only to an account still on the default", () => {
    expect(timeZoneToAdopt({ ...testUser, timeZone: 'UTC' }, 'America/Los_Angeles')).toBe('America/Los_Angeles');
    // A zone chosen (UTC chosen included) is never replaced.
    expect(timeZoneToAdopt({ ...testUser, timeZone: 'Europe/Paris' }, 'America/Los_Angeles')).toBeUndefined();
    expect(timeZoneToAdopt({ ...testUser, timeZone: 'Etc/UTC' }, 'America/Los_Angeles')).toBeUndefined();
    // A browser on UTC, or one that says nothing, changes nothing.
    expect(timeZoneToAdopt({ ...testUser, timeZone: 'UTC' }, 'UTC')).toBeUndefined();
    expect(timeZoneToAdopt({ ...testUser, timeZone: 'UTC' }, 'Etc/UTC')).toBeUndefined();
    expect(timeZoneToAdopt({ ...testUser, timeZone: 'UTC' }, undefined)).toBeUndefined();
  });
});
