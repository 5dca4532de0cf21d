import { ROUTES, STORAGE_KEYS } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, FIRST_PAGE_PATHS, firstPageAreas, SHOWN_EVENT } from './first-page';
import { FIRST_PAGE_SHOWN_EVENT } from './lib/after-first-paint';

describe('first page', () => {
  it('writes out the shared routes and storage key it may not import', () => {
    expect(FIRST_PAGE_PATHS).toEqual({
      signIn: ROUTES.signIn,
      auth: [ROUTES.signUp, ROUTES.forgotPassword, ROUTES.resetPassword],
      groups: ROUTES.groups,
    });
    expect(ACCESS_TOKEN_KEY).toBe(STORAGE_KEYS.accessToken);
    expect(SHOWN_EVENT).toBe(FIRST_PAGE_SHOWN_EVENT);
  });

  it('names the areas the page being opened shows first', () => {
    expect(firstPageAreas('/signin', false)).toEqual(['signIn']);
    expect(firstPageAreas('/', false)).toEqual(['signIn']);
    expect(firstPageAreas('/signup', false)).toEqual(['auth']);
    expect(firstPageAreas('/reset-password/abc', false)).toEqual(['auth']);
    expect(firstPageAreas('/faq', false)).toEqual([]);
    expect(firstPageAreas('/activities', true)).toEqual(['shell']);
    expect(firstPageAreas('/groups', true)).toEqual(['shell', 'groups']);
    expect(firstPageAreas('/groups/3/leads', true)).toEqual(['shell', 'groups', 'leads']);
  });
});
