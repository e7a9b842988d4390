import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { migrationProvider } from './migrations/index.ts';
import { NodeSqliteDatabase } from './node-sqlite.ts';
import type { Database } from './schema.ts';
import { DatabaseStatus } from './status.ts';

export type { Database, MembershipStatus } from './schema.ts';
export { DatabaseStatus, isUnavailableError } from './status.ts';
export type Dialect = 'sqlite' | 'postgres';

export type Db = {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Up or down, migrated or not: what the services check before they answer (D26). */
  status: DatabaseStatus;
  close: () => Promise<void>;
};

/**
 * Opens the database a URL names: `postgres://…` through pg, otherwise `sqlite:<file>`
 * through the built-in node:sqlite, as a WAL-mode file created on first use. Opening never
 * waits for the server: the first query connects. On both, `.stream()` reads rows as they come
 * (a pg-cursor on PostgreSQL, the statement's iterator on SQLite).
 */
export function openDatabase(url: string, options: { searchPath?: string } = {}): Db {
  const status = new DatabaseStatus();
  // Every query that works says the database is back; every failure is weighed for availability.
  const log = (event: LogEvent) => {
    if (event.level === 'query') status.up();
    else status.report(event.error);
  };
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: withDefaultUser(url),
      max: 10,
      // A database that does not answer fails a request in seconds, not at the socket's whim.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // A terminated backend (failover, restart, idle timeout) makes its client emit 'error',
    // idle in the pool or checked out; unheard, that event would end the process. The pool
    // drops the broken client and connects a new one on the next query.
    pool.on('error', (error) => status.report(error));
    pool.on('connect', (client) => client.on('error', (error) => status.report(error)));
    // The cursor is what Kysely's `.stream()` reads through, a batch at a time: an export of a
    // million leads holds one batch in memory, not the whole result.
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }), log });
    return { kysely, dialect: 'postgres', status, close: () => kysely.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new DatabaseSync(file);
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new NodeSqliteDatabase(sqlite) }),
    log,
  });
  return { kysely, dialect: 'sqlite', status, close: () => kysely.destroy() };
}

/**
 * On SQLite, copies what the write-ahead log holds into the database file, as far as no reader
 * needs it (a passive checkpoint: it takes no write lock, and never waits). SQLite does this on
 * its own in the commit that takes the log past 1,000 pages, and that commit then lasts as long
 * as copying 4 MB; a writer that must stay short (a housekeeping batch) calls this first, so
 * its own commit finds the log nearly empty. Nothing to do on PostgreSQL.
 */
export async function checkpoint(db: Pick<Db, 'kysely' | 'dialect'>): Promise<void> {
  if (db.dialect === 'sqlite') await sql`pragma wal_checkpoint(passive)`.execute(db.kysely);
}

/** pg takes a missing user from $USER, which services and CI often lack; name the OS account as psql does. */
export function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = process.env.PGUSER || userInfo().username;
  return parsed.toString();
}

/**
 * The migrator of this database's schema. Kysely looks for its migration tables in every schema
 * unless told which; name the one in use, or a kysely_migration table in another schema (such as
 * public) is taken for ours, and its lock table then "does not exist" in this one.
 */
export async function migratorOf(db: Kysely<Database>): Promise<Migrator> {
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, provider: migrationProvider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
}

/**
 * Brings the schema up to date; throws with the failing migration's error. Servers starting at
 * once on one PostgreSQL apply each migration once: Kysely's Migrator holds a session-level
 * `pg_advisory_lock` on a fixed key around reading the applied list and running the rest, so
 * the others wait, then find nothing left (tested in test/db/concurrent-migrations.test.ts).
 * SQLite is one file on one machine and needs none.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await (await migratorOf(db)).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/**
 * Migrates, then marks the database ready. A database that cannot be reached is tried again
 * with back-off (after `firstDelayMs`, then twice as long each time, at most 30 s) until it
 * answers or `signal` aborts; any other failure (a broken migration, a wrong password) throws.
 */
export async function migrateWhenAvailable(
  db: Db,
  options: { signal?: AbortSignal; firstDelayMs?: number; onRetry?: (error: unknown, delayMs: number) => void } = {},
): Promise<void> {
  let delayMs = options.firstDelayMs ?? 0;
  for (;;) {
    if (delayMs > 0) await sleep(delayMs, undefined, { signal: options.signal, ref: false });
    try {
      await migrateToLatest(db.kysely);
      db.status.markReady();
      return;
    } catch (error) {
      if (!db.status.report(error)) throw error;
      delayMs = Math.min(30_000, Math.max(1_000, delayMs * 2));
      options.onRetry?.(error, delayMs);
    }
  }
}
