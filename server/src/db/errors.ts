import { DrizzleQueryError } from 'drizzle-orm';
import { DatabaseBusyError } from './embedded';

interface DatabaseErrorFields {
  code?: string;
  constraint?: string;
  message?: string;
}

/** The error and its causes, outermost first: Drizzle wraps the driver's error in its own. */
function* chain(error: unknown): Generator<DatabaseErrorFields> {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as DatabaseErrorFields;
  }
}

/** The unique index or constraint a write ran into, when it ran into one (SQLSTATE 23505). */
export function uniqueViolation(error: unknown): string | undefined {
  for (const { code, constraint, message } of chain(error)) {
    if (code !== '23505') continue;
    // PGlite does not always fill `constraint`; its message names the index.
    return constraint ?? message?.match(/unique constraint "([^"]+)"/)?.[1];
  }
  return undefined;
}

/** The embedded database was busy past its budget (EMBEDDED_DB_QUERY_BUDGET_MS). */
export function isDatabaseBusy(error: unknown): boolean {
  for (const e of chain(error)) if (e instanceof DatabaseBusyError) return true;
  return false;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return uniqueViolation(error) === constraint;
}

/**
 * A failed query as it may be logged: its SQL, never its parameters, which can hold a password
 * hash, a token hash or a second-factor secret. The driver's own error (code, constraint, detail)
 * stays as the cause.
 */
export function withoutQueryParams(error: Error): Error {
  if (!(error instanceof DrizzleQueryError)) return error;
  const safe = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  safe.name = 'DrizzleQueryError';
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}
