import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Prepared statements kept for their next use, the least recently used dropped first. */
const keptStatements = 200;

/**
 * Lets Kysely's built-in SqliteDialect drive the built-in `node:sqlite`.
 *
 * A statement is a reader when it yields columns. Deciding it this way (not by the
 * leading keyword) keeps rows from raw selects and from INSERT … RETURNING, which
 * kysely-node-sqlite 1.1.0 drops.
 *
 * Kysely prepares every query it runs; the prepared statement is kept by its text and used again,
 * since preparing costs more than running for some: the visit counter's insert of 100 visits
 * (1,700 parameters) took longer to prepare than to run. `all` and `run` finish before they
 * return, so one statement serves every caller in turn; a stream (`iterate`) is read across
 * awaits, so it gets a statement of its own.
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  readonly #kept = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  close(): void {
    this.#kept.clear();
    if (this.#db.isOpen) this.#db.close();
  }

  prepare(sql: string): SqliteStatement {
    const statement = this.#statement(sql);
    return {
      reader: statement.columns().length > 0,
      all: (parameters) => statement.all(...toSqlite(parameters)),
      run: (parameters) => statement.run(...toSqlite(parameters)),
      iterate: (parameters) => this.#db.prepare(sql).iterate(...toSqlite(parameters)),
    };
  }

  #statement(sql: string): StatementSync {
    let statement = this.#kept.get(sql);
    if (statement) this.#kept.delete(sql);
    else statement = this.#db.prepare(sql);
    this.#kept.set(sql, statement);
    if (this.#kept.size > keptStatements) this.#kept.delete(this.#kept.keys().next().value!);
    return statement;
  }
}

/** node:sqlite binds no booleans or Dates; store them as SQLite would have them. */
function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
