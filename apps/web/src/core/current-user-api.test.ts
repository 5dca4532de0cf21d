import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../test/memory-storage';
import { testUser } from '../test/render-in-app';
import { isZoneCheckDue, rememberZoneCheck, timeZoneToAdopt } from './current-user-api';

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

describe("asking the browser's zone", () => {
  const day = 24 * 60 * 60 * 1000;
  it('happens at most once a day for an account on this browser, and at once for another account', () => {
    const memory = createMemoryStorage();
    const storage = () => memory;
    expect(isZoneCheckDue(storage, 7, 1_000)).toBe(true);
    rememberZoneCheck(storage, 7, 1_000);
    expect(isZoneCheckDue(storage, 7, 1_000 + day - 1)).toBe(false);
    expect(isZoneCheckDue(storage, 7, 1_000 + day)).toBe(true);
    expect(isZoneCheckDue(storage, 8, 2_000)).toBe(true);
    // A clock set back, or a value it did not write, asks again.
    expect(isZoneCheckDue(storage, 7, 500)).toBe(true);
    memory.setItem('leadcircle.zoneCheck', '{not json');
    expect(isZoneCheckDue(storage, 7, 1_000)).toBe(true);
  });

  it('asks on every page in a browser whose storage cannot be reached, and remembering there throws nothing', () => {
    const unreachable = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(() => rememberZoneCheck(unreachable, 7, 1_000)).not.toThrow();
    expect(isZoneCheckDue(unreachable, 7, 1_000)).toBe(true);
  });
});
