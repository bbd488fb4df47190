import { DrizzleQueryError } from 'drizzle-orm';

interface DatabaseErrorFields {
  code?: string;
  constraint?: string;
  message?: string;
}

/** The error and its causes, outermost first: Drizzle wraps the driver's error in its own. */
function* chain(error: unknown): Generator<DatabaseErrorFields> {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as DatabaseErrorFields;
    // A connection refused on each of a host's addresses (IPv4 and IPv6) comes as one AggregateError.
    if (e instanceof AggregateError)
      for (const inner of e.errors) if (inner) yield inner as DatabaseErrorFields;
  }
}

/**
 * PostgreSQL cancelled a statement (SQLSTATE 57014): on this server, one that ran past
 * DATABASE_STATEMENT_TIMEOUT_MS (nothing here cancels a statement otherwise). The code, not the
 * message, which the server's language setting translates.
 */
export function isStatementTimeout(error: unknown): boolean {
  for (const { code } of chain(error)) if (code === '57014') return true;
  return false;
}

/** The network's codes of a database that cannot be reached. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a database going or gone: connection exceptions (08…), shutdown (57P01-57P03), too many connections. */
const GOING = /^(?:08...|57P0[123]|53300)$/;
/** What `pg` and its pool say of a connection that ended, or was not made in time. */
const LOST =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;
/** What the pool says when no connection came within its connectionTimeoutMillis. */
const CONNECT_TIMEOUT =
  /^(?:timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/** The embedded database's budget was spent before it could answer. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
}

/**
 * The pool gave up waiting for a connection: the embedded database's one connection stayed busy
 * past its budget (embedded.ts turns this into DatabaseBusyError).
 */
export function isConnectTimeout(error: Error): boolean {
  return CONNECT_TIMEOUT.test(error.message);
}

/** The database could not be reached, or ended the connection: the call may succeed again soon. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of chain(error)) {
    if (code && (UNREACHABLE.has(code) || GOING.test(code))) return true;
    if (message && LOST.test(message)) return true;
  }
  return false;
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
