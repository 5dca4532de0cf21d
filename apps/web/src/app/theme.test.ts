import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it("uses no CSS variables and no color schemes, so the build may leave MUI's CSS-variables code out", () => {
    // apps/web/build/mui-without-css-vars.ts replaces that code with a stub that throws.
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme && theme.vars).toBeFalsy();
  });
});
