/** Whether a query failed on a unique index (PostgreSQL 23505), as thrown by pg or wrapped by Drizzle. */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
