import { describe, expect, it } from 'vitest';
import { decodeOAuthState, encodeOAuthState, inviteOfOAuthState } from './oauth-state.js';

describe('the LinkedIn state: an encoded JSON with inviteId, inviteCode, inviteAction', () => {
  it('round-trips the invite data, URL-safe', () => {
    const invite = { inviteId: '42', inviteCode: 'Zx9+/=ü', inviteAction: 'GROUP_INVITE' as const };
    const state = encodeOAuthState(invite);
    expect(state).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeOAuthState(state)).toEqual(invite);
    expect(inviteOfOAuthState(decodeOAuthState(state))).toEqual(invite);
  });

  it('keeps only the invite fields of a state the server added its key to', () => {
    const state = encodeOAuthState(
      { inviteId: '7', inviteCode: 'c', inviteAction: 'OPPORTUNITY_INVITE' },
      { key: 'k' },
    );
    expect(decodeOAuthState(state)).toEqual({ inviteId: '7', inviteCode: 'c', inviteAction: 'OPPORTUNITY_INVITE' });
  });

  it('reads an empty state as no invite, and a number id as text', () => {
    expect(decodeOAuthState('')).toEqual({});
    expect(inviteOfOAuthState(decodeOAuthState(''))).toBeNull();
    expect(decodeOAuthState(encodeOAuthState({}))).toEqual({});
    // A link may carry the id as a number.
    expect(decodeOAuthState(encodeOAuthState({ inviteId: 3 } as never))).toEqual({ inviteId: '3' });
  });

  it('answers null for anything that is not an encoded invite', () => {
    // Not base64url, base64url of "not json", and an unknown invite action.
    for (const state of ['%%%', 'bm90IGpzb24', encodeOAuthState({ inviteAction: 'NOPE' } as never)]) {
      expect(decodeOAuthState(state)).toBeNull();
    }
  });
});
