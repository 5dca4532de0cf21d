import { configure, getConfig } from '@testing-library/react';
import { afterAll, beforeAll } from 'vitest';

/**
 * For a file of screen tests: findBy… and waitFor wait up to 5 s, not 1, since on a busy machine a screen's
 * first render (MUI's modules, then its calls one after another) takes seconds. They still return as soon as
 * what they wait for is there. The file's default comes back after it.
 */
export function waitPatientlyForScreens() {
  const { asyncUtilTimeout } = getConfig();
  beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
  afterAll(() => configure({ asyncUtilTimeout }));
}
