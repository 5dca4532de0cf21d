import type { FirstCallAnswers } from '../first-page';

// first-page.ts's FIRST_CALLS_GLOBAL, written out: importing that entry would run it again
// (first-page.test.ts holds them equal).
export const FIRST_CALLS_GLOBAL = '__leadcircleFirstCalls';

/**
 * The answer to a call first-page.ts made for the page being opened, once, when it made this call with
 * this body; undefined otherwise.
 */
export function takeFirstCall(path: string, body: unknown): Promise<Response | undefined> | undefined {
  const answers = (globalThis as Partial<Record<typeof FIRST_CALLS_GLOBAL, FirstCallAnswers>>)[FIRST_CALLS_GLOBAL];
  return answers?.take(path, body);
}
