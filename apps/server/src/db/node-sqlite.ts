import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Lets Kysely's built-in SqliteDialect drive the built-in `node:sqlite`.
 *
 * A statement is a reader when it yields columns. Deciding it this way (not by the
 * leading keyword) keeps rows from raw selects and from INSERT … RETURNING, which
 * kysely-node-sqlite 1.1.0 drops.
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  prepare(sql: string): SqliteStatement {
    const statement = this.#db.prepare(sql);
    return {
      reader: statement.columns().length > 0,
      all: (parameters) => statement.all(...toSqlite(parameters)),
      run: (parameters) => statement.run(...toSqlite(parameters)),
      iterate: (parameters) => statement.iterate(...toSqlite(parameters)),
    };
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
