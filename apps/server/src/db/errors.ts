// PostgreSQL's unique_violation; Drizzle wraps the driver's error and keeps it as `cause`.
const UNIQUE_VIOLATION = '23505';

/** A write refused by a unique index: another request stored the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}
