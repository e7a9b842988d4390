import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, withDefaultUser, type Db } from '@growmail/server/db';

/** The PostgreSQL the data tests use; this machine and CI have one with trust auth. */
const sharedUrl = withDefaultUser(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');

/**
 * The database of this Vitest worker on that server (`test_w1`, `test_w2`…), created on first use.
 * Files run two at a time, and each test works in a schema of its own; but a schema one file
 * drops while the other migrates breaks the catalogue query of Kysely's migrator ("schema …
 * does not exist"), so the two workers keep to databases of their own. Outside Vitest's pool
 * (a script) it is the shared database itself.
 */
export const postgresUrl = (() => {
  const url = new URL(sharedUrl);
  if (process.env.VITEST_POOL_ID) url.pathname = `${url.pathname}_w${process.env.VITEST_POOL_ID}`;
  return url.toString();
})();

let workerDatabase: Promise<void> | undefined;

/** Creates this worker's database when it is missing; one creation at a time on the server. */
function ensureWorkerDatabase(): Promise<void> {
  workerDatabase ??= (async () => {
    if (postgresUrl !== sharedUrl) {
      const name = decodeURIComponent(new URL(postgresUrl).pathname.slice(1));
      const admin = new pg.Client({ connectionString: sharedUrl, connectionTimeoutMillis: 2000 });
      await admin.connect();
      try {
        await admin.query('select pg_advisory_lock(20261125)');
        const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!rowCount) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      } finally {
        await admin.end();
      }
    }
    // Migration 0014 adds pg_trgm to the current schema when the database lacks it; a test's
    // schema is dropped with cascade, which would take the extension, and every other schema's
    // trigram indexes, with it. Installed once in public, it outlives the tests' schemas.
    const database = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
    await database.connect();
    try {
      await database.query('select pg_advisory_lock(20261126)');
      await database.query('create extension if not exists pg_trgm with schema public');
    } finally {
      await database.end();
    }
  })();
  return workerDatabase;
}

async function postgresReachable(): Promise<boolean> {
  try {
    await ensureWorkerDatabase();
  } catch {
    workerDatabase = undefined;
    return false;
  }
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export type TestDatabase = { name: 'sqlite' | 'postgres'; open: () => Promise<Db> };

/**
 * SQLite always; PostgreSQL when reachable (REQUIRE_POSTGRES=1, as CI sets, makes its absence
 * an error). Each open() gives a fresh, migrated database: an in-memory SQLite, or a schema
 * of its own on PostgreSQL that is dropped on close.
 */
export async function testDatabases(): Promise<TestDatabase[]> {
  const sqlite: TestDatabase = {
    name: 'sqlite',
    open: async () => {
      const db = openDatabase('sqlite::memory:');
      await migrateToLatest(db.kysely);
      return db;
    },
  };
  if (!(await postgresReachable())) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is not reachable at ${postgresUrl}`);
    console.warn(`PostgreSQL is not reachable at ${postgresUrl}: running the data tests on SQLite only.`);
    return [sqlite];
  }
  const postgres: TestDatabase = {
    name: 'postgres',
    open: async () => {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const db = openDatabase(postgresUrl, { searchPath: schema });
      await migrateToLatest(db.kysely);
      return {
        ...db,
        close: async () => {
          await db.close();
          const cleanup = new pg.Client({ connectionString: postgresUrl });
          await cleanup.connect();
          await cleanup.query(`drop schema ${schema} cascade`);
          await cleanup.end();
        },
      };
    },
  };
  return [sqlite, postgres];
}

/**
 * A fresh PostgreSQL schema for a server started from a URL (a process, or an app with its
 * own pool): the URL selects it through the connection's search_path. `drop()` removes it.
 */
export async function createSchema(prefix: string) {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await ensureWorkerDatabase();
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { schema, url: url.toString(), admin, drop: () => admin(`drop schema ${schema} cascade`) };
}
