import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, withDefaultUser, type Db } from '@growmail/server/db';

/** The PostgreSQL the data tests use; this machine and CI have one with trust auth. */
export const postgresUrl = withDefaultUser(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');

async function postgresReachable(): Promise<boolean> {
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
