// PostgreSQL's error codes; Drizzle wraps the driver's error and keeps it as `cause`.
const UNIQUE_VIOLATION = '23505';
const LOCK_NOT_AVAILABLE = '55P03';

function hasCode(error: unknown, expected: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === expected || cause?.code === expected;
}

/** A write refused by a unique index: another request stored the same key first. */
export const isUniqueViolation = (error: unknown) => hasCode(error, UNIQUE_VIOLATION);

/** A lock not taken within the statement's lock_timeout. */
export const isLockNotAvailable = (error: unknown) => hasCode(error, LOCK_NOT_AVAILABLE);
