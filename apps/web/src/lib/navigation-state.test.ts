import { describe, expect, it } from 'vitest';
import { authNavigationState, emailTokenState, readNavigationState } from './navigation-state';

describe('readNavigationState', () => {
  it('reads the known keys of a state that fits, and nothing else', () => {
    expect(readNavigationState(authNavigationState, { from: '/groups', email: 'a@b.co', other: 1 })).toEqual({
      from: '/groups',
      email: 'a@b.co',
    });
    expect(readNavigationState(authNavigationState, null)).toEqual({});
    expect(readNavigationState(emailTokenState, { token: 't', email: 'a@b.co', group_id: '4' })).toEqual({
      token: 't',
      email: 'a@b.co',
      group_id: '4',
    });
  });

  it('refuses a state that does not fit', () => {
    expect(readNavigationState(authNavigationState, { from: 'https://elsewhere.example' })).toBeNull();
    expect(readNavigationState(authNavigationState, { inviteAction: 'NOPE' })).toBeNull();
    expect(readNavigationState(authNavigationState, 'text')).toBeNull();
    expect(readNavigationState(emailTokenState, {})).toBeNull();
    expect(readNavigationState(emailTokenState, { token: '', email: 'a@b.co' })).toBeNull();
    expect(readNavigationState(emailTokenState, { token: 't', email: 'a@b.co', group_id: 4 })).toBeNull();
  });
});
