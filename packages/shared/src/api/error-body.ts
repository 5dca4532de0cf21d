import type { ErrorBody } from './call.js';

// `errorBody`'s check without zod, for the web app's base query, which reads every failed call's
// body in the first load (docs/decisions/performance.md). error-body.test.ts holds the two equal.

const isIssue = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).path === 'string' &&
  typeof (value as Record<string, unknown>).message === 'string';

/** The error body of a failed call, as `errorBody.safeParse` reads it; null when it is not one. */
export function readErrorBody(data: unknown): ErrorBody | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { message, code, issues } = data as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  if (code !== undefined && typeof code !== 'string') return null;
  if (issues !== undefined && !(Array.isArray(issues) && issues.every(isIssue))) return null;
  return {
    message,
    ...(code !== undefined ? { code } : {}),
    ...(issues !== undefined
      ? { issues: (issues as ErrorBody['issues'] & object).map(({ path, message }) => ({ path, message })) }
      : {}),
  };
}
