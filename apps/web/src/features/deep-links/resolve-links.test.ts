import { ROUTES } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { resolveEmailLink, resolveInviteLink } from './resolve-links';

const query = (text: string) => new URLSearchParams(text);

describe('resolveEmailLink', () => {
  it('opens reset password with the token and address for a signed-out visitor', () => {
    expect(resolveEmailLink(query('action=RESET_PASSWORD&token=t1&email=ann%40example.com'), false)).toEqual({
      to: ROUTES.resetPassword,
      state: { token: 't1', email: 'ann@example.com' },
    });
  });

  it('opens sign-up confirmation with the group invite when there is one', () => {
    const link = query('action=SIGNUP_CONFIRMATION&token=t2&email=b%40example.com&group_id=12&group_invite_code=xyz');
    expect(resolveEmailLink(link, false)).toEqual({
      to: ROUTES.signupConfirmation,
      state: { token: 't2', email: 'b@example.com', group_id: '12', group_invite_code: 'xyz' },
    });
  });

  it('opens sign-up confirmation with the opportunity invite when there is one', () => {
    const link = query(
      'action=SIGNUP_CONFIRMATION&token=t4&email=d%40example.com&opportunity_id=7&opportunity_invite_code=abc',
    );
    expect(resolveEmailLink(link, false)).toEqual({
      to: ROUTES.signupConfirmation,
      state: { token: 't4', email: 'd@example.com', opportunity_id: '7', opportunity_invite_code: 'abc' },
    });
  });

  it('opens sign-up confirmation without invite fields when the link has none', () => {
    expect(resolveEmailLink(query('action=SIGNUP_CONFIRMATION&token=t3&email=c%40example.com'), false)).toEqual({
      to: ROUTES.signupConfirmation,
      state: { token: 't3', email: 'c@example.com' },
    });
  });

  it('sends a business invite to the download page, signed in or not', () => {
    expect(resolveEmailLink(query('action=BUSINESS_INVITE'), false)).toEqual({ to: ROUTES.downloadApp });
    expect(resolveEmailLink(query('action=BUSINESS_INVITE'), true)).toEqual({ to: ROUTES.downloadApp });
  });

  it('carries a business invite link to Download app with its token and address, signed in or not', () => {
    const link = query('action=BUSINESS_INVITE&token=t9&email=ivy%40example.com');
    const target = { to: ROUTES.downloadApp, state: { token: 't9', email: 'ivy@example.com' } };
    expect(resolveEmailLink(link, false)).toEqual(target);
    expect(resolveEmailLink(link, true)).toEqual(target);
  });

  it('sends a signed-in user to the redirect screen', () => {
    expect(resolveEmailLink(query('action=RESET_PASSWORD&token=t1&email=a%40example.com'), true)).toEqual({
      to: ROUTES.redirect,
    });
  });

  it('sends a link without token, without address or with an unknown action to the redirect screen', () => {
    expect(resolveEmailLink(query('action=RESET_PASSWORD&email=a%40example.com'), false).to).toBe(ROUTES.redirect);
    expect(resolveEmailLink(query('action=RESET_PASSWORD&token=t1'), false).to).toBe(ROUTES.redirect);
    expect(resolveEmailLink(query('action=SOMETHING&token=t1&email=a%40example.com'), false).to).toBe(ROUTES.redirect);
  });
});

describe('resolveInviteLink', () => {
  const groupInvite = 'action=GROUP_INVITE&user_id=5&group_id=12&email=d%40example.com&invite_code=abc';

  it('stores the invite and goes to the redirect screen for a signed-in invitee with an account', () => {
    expect(resolveInviteLink(query(groupInvite), 'group', true)).toEqual({
      to: ROUTES.redirect,
      inviteToStore: { inviteId: '12', inviteCode: 'abc', inviteAction: 'GROUP_INVITE' },
      endsSession: false,
    });
  });

  it('signs out and carries the invite to sign in when nobody is signed in', () => {
    expect(resolveInviteLink(query(groupInvite), 'group', false)).toEqual({
      to: ROUTES.signIn,
      state: { email: 'd@example.com', inviteId: '12', inviteCode: 'abc', inviteAction: 'GROUP_INVITE' },
      endsSession: true,
    });
  });

  it('signs out a signed-in user when the invited address has no account yet (user_id 0)', () => {
    const link = query('action=OPPORTUNITY_INVITE&user_id=0&opportunity_id=9&email=e%40example.com&invite_code=q');
    expect(resolveInviteLink(link, 'opportunity', true)).toEqual({
      to: ROUTES.signIn,
      state: { email: 'e@example.com', inviteId: '9', inviteCode: 'q', inviteAction: 'OPPORTUNITY_INVITE' },
      endsSession: true,
    });
  });

  it('reads the opportunity id for an opportunity invite', () => {
    const link = query('action=OPPORTUNITY_INVITE&user_id=3&opportunity_id=9&invite_code=q');
    expect(resolveInviteLink(link, 'opportunity', true).inviteToStore).toEqual({
      inviteId: '9',
      inviteCode: 'q',
      inviteAction: 'OPPORTUNITY_INVITE',
    });
  });
});
