import { EventEmitter } from 'node:events';

/**
 * Whether the database can be used now (D26). Pages never need it; the services that do
 * answer 503 while it is `down` or not yet migrated, and recover by themselves when a query
 * works again. Events fire on the change only, so an outage is logged once, not per query.
 */
export class DatabaseStatus extends EventEmitter<{ down: [error: unknown]; up: []; ready: [] }> {
  #down = false;
  #ready = false;

  /** The schema is up to date: the services may run. */
  get ready(): boolean {
    return this.#ready;
  }

  /** The last contact with the database failed for a reason of availability. */
  get down(): boolean {
    return this.#down;
  }

  markReady(): void {
    if (this.#ready) return;
    this.#ready = true;
    this.up();
    this.emit('ready');
  }

  /** A query worked. */
  up(): void {
    if (!this.#down) return;
    this.#down = false;
    this.emit('up');
  }

  /** Records an error; true when it means "unavailable" (the caller answers 503), false for any other fault. */
  report(error: unknown): boolean {
    if (!isUnavailableError(error)) return false;
    if (!this.#down) {
      this.#down = true;
      this.emit('down', error);
    }
    return true;
  }
}

/** Network failures: the server is gone, unreachable or refusing. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of availability: class 08 (connection exception), 57P01–57P03 (admin or
 * crash shutdown, cannot connect now: what a failover or restart says), 53300 (too many
 * connections), 25P03 (idle-in-transaction timeout).
 */
const postgresCodes = /^(08...|57P0[123]|53300|25P03)$/;

/** node:sqlite's codes for a database that is locked, unreadable or full, rather than asked something wrong. */
const sqliteBusyCodes = new Set([5, 6, 10, 13, 14]);

/** What pg says, without a code, about a connection that ended or never came. */
const lostConnection =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|Client was closed and is not queryable/i;

/** True when an error (or any error it wraps) says the database cannot be reached, not that a query was wrong. */
export function isUnavailableError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, errcode, message, cause, errors } = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (networkCodes.has(code) || postgresCodes.test(code))) return true;
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && sqliteBusyCodes.has(errcode & 0xff)) return true;
  if (typeof message === 'string' && lostConnection.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isUnavailableError(inner, depth + 1))) return true;
  return isUnavailableError(cause, depth + 1);
}
