/**
 * Errors that mean "the database cannot be reached right now" rather than "this statement is
 * wrong": the connection was refused, reset or timed out, the server is shutting down or
 * starting up, or (SQLite) another writer held the lock past the busy timeout. Requests answer
 * them with a 503 and Retry-After; background jobs pause and retry them.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'SQLITE_BUSY',
]);

/** PostgreSQL SQLSTATEs of an unavailable server (class 08 is every connection exception). */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a lost connection with these messages and no code. */
const LOST_CONNECTION =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection refused|server closed the connection/i;

/** True when `error` (or its cause) says the database is unreachable for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || POSTGRES_STATES.has(code) || code.startsWith('08'))
        return true;
    }
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    // An AggregateError (a refused connect to each address of a host name).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = cause;
  }
  return false;
}

/**
 * True for a statement PostgreSQL cancelled at the statement timeout (57014): the request
 * answers 503 (the server is too busy for it now), while a job treats it as an ordinary
 * failure, retried with backoff, not as a database to wait for.
 */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '57014';
}

/** Seconds a client is told to wait (Retry-After) while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * True when the store was closed under a background task (Kysely's "driver has already been
 * destroyed", better-sqlite3's "The database connection is not open"): the task ends quietly.
 */
export function isDatabaseClosed(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    /driver has already been destroyed|database connection is not open/i.test(message)
  );
}

/**
 * True when a statement broke a primary-key or unique constraint (SQLite's
 * SQLITE_CONSTRAINT_PRIMARYKEY/UNIQUE, PostgreSQL's 23505): a concurrent writer got there first.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/**
 * Fault injection for the fault tests: after `after` more steps of a job kind go through, the
 * next `times` steps fail with `message` (a full disk, say) before doing any work, as a failed
 * write would. Nothing injects a fault outside the tests.
 */
const injected = new Map<string, { after: number; times: number; message: string }>();

export function injectJobFault(
  kind: string,
  fault: { after?: number; times: number; message?: string },
): void {
  injected.set(kind, {
    after: fault.after ?? 0,
    times: fault.times,
    message: fault.message ?? 'database or disk is full (injected fault)',
  });
}

/** Throws the injected fault of this step of a job kind, if one is due. */
export function checkJobFault(kind: string): void {
  const fault = injected.get(kind);
  if (!fault) return;
  if (fault.after > 0) {
    fault.after--;
    return;
  }
  if (--fault.times <= 0) injected.delete(kind);
  throw Object.assign(new Error(fault.message), { code: 'SQLITE_FULL' });
}

/** Removes an injected fault (the job's next try goes through). */
export function clearJobFault(kind: string): void {
  injected.delete(kind);
}
