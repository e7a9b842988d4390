import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Where a repository's queries run: the database, or a transaction in progress. */
export type Executor = Kysely<Database>;

/**
 * A repository's queries on the database, and `in(trx)`: the same queries inside a
 * transaction, for a handler that must write to several tables at once.
 */
export type Repository<Queries> = Queries & { in: (trx: Executor) => Queries };

export const repository =
  <Queries>(queries: (db: Executor) => Queries) =>
  (db: Executor): Repository<Queries> => ({ ...queries(db), in: queries });

/**
 * Runs `write` in one transaction: its own, or the caller's when the repository was taken `.in(trx)`,
 * since a transaction cannot open another.
 */
export const inTransaction = <T>(db: Executor, write: (trx: Executor) => Promise<T>): Promise<T> =>
  db.isTransaction ? write(db) : db.transaction().execute(write);

/** Rows a `.stream()` reads at a time on PostgreSQL, through its cursor; SQLite steps one at a time. */
export const streamBatch = 500;

/** Where a newest-first list stopped: the last row's time and id (the console's "older" pages). */
export type KeysetCursor = { createdAt: string; id: string };

/** Rows listed after the cursor, in a `created_at desc, id desc` order: older, or as old with a lower id. */
export const olderThan = (after: KeysetCursor) => (eb: ExpressionBuilder<Database, 'leads' | 'quarantine'>) =>
  eb.or([
    eb('created_at', '<', after.createdAt),
    eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
  ]);
