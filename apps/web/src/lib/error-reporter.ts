import { ERROR_REPORT_HISTORY } from '@leadcircle/shared';
import { isAction, type Middleware } from '@reduxjs/toolkit';

// Failed calls and crashes are reported here: to the console by default, to Sentry
// when the server's client-config names a DSN. Sentry is loaded only then, so it costs nothing otherwise.

type SentryModule = typeof import('@sentry/react');

let sentry: SentryModule | null = null;
const recentActionTypes: string[] = [];

export async function initErrorReporter(config: {
  sentryDsn: string | null;
  version: string;
  environment: string;
}): Promise<void> {
  if (!config.sentryDsn) return;
  const module = await import('@sentry/react');
  module.init({
    dsn: config.sentryDsn,
    release: config.version,
    environment: config.environment,
    maxBreadcrumbs: ERROR_REPORT_HISTORY,
  });
  sentry = module;
}

export function reportError(error: unknown, details?: Record<string, unknown>): void {
  const reporter = sentry;
  if (!reporter) {
    console.error('[LeadCircle]', error, details ?? '');
    return;
  }
  reporter.withScope((scope) => {
    // The last state changes as breadcrumbs (the last 100).
    for (const type of recentActionTypes) scope.addBreadcrumb({ category: 'redux.action', message: type });
    if (details) scope.setContext('details', details);
    if (error instanceof Error) reporter.captureException(error);
    else reporter.captureMessage(String(error), 'error');
  });
}

// Keeps the types of the last ERROR_REPORT_HISTORY actions; never their payloads, which may hold tokens.
export const actionHistoryMiddleware: Middleware = () => (next) => (action) => {
  if (isAction(action)) {
    recentActionTypes.push(action.type);
    if (recentActionTypes.length > ERROR_REPORT_HISTORY) recentActionTypes.shift();
  }
  return next(action);
};
