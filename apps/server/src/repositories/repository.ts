import type { Kysely } from 'kysely';
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

/** Rows a `.stream()` reads at a time on PostgreSQL, through its cursor; SQLite steps one at a time. */
export const streamBatch = 500;
