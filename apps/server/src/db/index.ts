import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import { NodeSqliteDatabase } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type { Database } from './schema.ts';
export type Dialect = 'sqlite' | 'postgres';

export type Db = {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema it works in, when not the default. */
  schema?: string;
  close: () => Promise<void>;
};

/**
 * Opens the database a URL names: `postgres://…` through pg, otherwise `sqlite:<file>`
 * through the built-in node:sqlite, as a WAL-mode file created on first use.
 */
export function openDatabase(url: string, options: { searchPath?: string } = {}): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: withDefaultUser(url),
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', schema: options.searchPath, close: () => kysely.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new DatabaseSync(file);
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new NodeSqliteDatabase(sqlite) }),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/** pg takes a missing user from $USER, which services and CI often lack; name the OS account as psql does. */
export function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = process.env.PGUSER || userInfo().username;
  return parsed.toString();
}

/**
 * Brings the schema up to date; throws with the failing migration's error. On PostgreSQL,
 * `schema` keeps the migration bookkeeping in that schema: Kysely looks for its tables in
 * every schema, so another schema's copy would otherwise be taken for this one's.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
